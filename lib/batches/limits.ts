/** Most data rows one batch file may hold (Transfeera's ceiling; the preview stays smooth at it). */
export const MAX_BATCH_ROWS = 5_000;

/** Largest batch file accepted, in bytes: 5,000 rows of CSV are about 0.7 MB, so this leaves room for wide cells. */
export const MAX_BATCH_BYTES = 5 * 1024 * 1024;

/** Largest upload body read: the file plus a multipart form's boundaries and part headers. */
export const MAX_UPLOAD_BODY_BYTES = MAX_BATCH_BYTES + 64 * 1024;

/**
 * Most bytes an XLSX may expand to, as its zip directory declares them: a 5,000-row sheet is
 * about 1.5 MB of XML; a file that claims far more is a zip bomb, refused before inflating.
 */
export const MAX_XLSX_EXPANDED_BYTES = 64 * 1024 * 1024;

/** XLSX rows read at most before giving up (formatted empty rows count for exceljs, not for us). */
export const MAX_XLSX_SHEET_ROWS = 4 * MAX_BATCH_ROWS;
