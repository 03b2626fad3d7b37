/** Most data rows one batch file may hold (Transfeera's ceiling; the preview stays smooth at it). */
export const MAX_BATCH_ROWS = 5_000;

/** Largest batch file accepted, in bytes: 5,000 rows of CSV are about 0.7 MB, so this leaves room for wide cells. */
export const MAX_BATCH_BYTES = 5 * 1024 * 1024;

/** Largest upload body read: the file plus a multipart form's boundaries and part headers. */
export const MAX_UPLOAD_BODY_BYTES = MAX_BATCH_BYTES + 64 * 1024;

/**
 * Most bytes the parts of an XLSX we read (sheets, shared strings, styles, workbook) may inflate
 * to, counted while inflating. A 5,000-row sheet with all ten columns holding 100-character
 * texts inflates to about 8.7 MB (sheet and shared strings); 32 MiB leaves room for heavy
 * styling and MAX_XLSX_SHEET_ROWS formatted rows, and is all a zip bomb can cost.
 */
export const MAX_XLSX_EXPANDED_BYTES = 32 * 1024 * 1024;

/** Entries a workbook's zip may list: a real one has a few dozen; a million tiny ones is an attack. */
export const MAX_XLSX_ENTRIES = 2_000;

/** XLSX rows read at most before giving up (formatted empty rows count for exceljs, not for us). */
export const MAX_XLSX_SHEET_ROWS = 4 * MAX_BATCH_ROWS;
