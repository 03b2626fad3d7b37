/**
 * Small RFC 4180 readers for our own CSV (quoted fields, doubled quotes, CRLF). Used by the
 * browser to count exported rows as the bytes arrive, and by tests to read a file back.
 */

const QUOTE = 0x22;
const LF = 0x0a;

/**
 * Counts record ends (line feeds outside quotes) across chunks. A quote inside a quoted field is
 * written doubled, which toggles twice and so leaves the state unchanged: no lookahead needed.
 */
export function createCsvLineCounter() {
  let inQuotes = false;
  let lines = 0;
  return {
    push(chunk: Uint8Array): number {
      for (let i = 0; i < chunk.length; i += 1) {
        const byte = chunk[i];
        if (byte === QUOTE) inQuotes = !inQuotes;
        else if (byte === LF && !inQuotes) lines += 1;
      }
      return lines;
    },
    get lines() {
      return lines;
    },
  };
}

/**
 * Parses a whole CSV text into rows of fields (BOM dropped, trailing line end optional). Our
 * files use ";" (the Brazilian Excel dialect, csv.ts); pass "," for other files.
 */
export function readCsv(text: string, separator = ";"): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let inQuotes = false;
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i];
    if (inQuotes) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') inQuotes = false;
      else field += ch;
    } else if (ch === '"') inQuotes = true;
    else if (ch === separator) {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && body[i + 1] === "\n") i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** A text cell as a person sees it in Excel: ="00123" is 00123, '=SUM(A1) is =SUM(A1). */
export function excelText(cell: string): string {
  const formula = /^="((?:[^"]|"")*)"$/.exec(cell);
  if (formula) return (formula[1] ?? "").replace(/""/g, '"');
  return cell.startsWith("'") ? cell.slice(1) : cell;
}
