import Papa from "papaparse";
import { columnForHeader } from "./columns";
import type { RecordCollector } from "./rows";

/** Separators a batch CSV may use: Brazilian Excel writes `;`, most other tools `,`; tab for "text" exports. */
const CSV_DELIMITERS = [";", ",", "\t"] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** Records looked at to find the header row when choosing the separator. */
const HEADER_SEARCH_RECORDS = 20;

/**
 * The separator of a batch CSV, from its header row: the one under which most header cells are
 * column names we know (ties: more cells). Reliable where guessing from field counts is not: in
 * a `;` file every "1.234,56" has a comma, and a one-row file has nothing to compare.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  let best: { delimiter: CsvDelimiter; known: number; cells: number } = { delimiter: ";", known: 0, cells: 0 };
  for (const delimiter of CSV_DELIMITERS) {
    const { data } = Papa.parse<string[]>(text, { delimiter, preview: HEADER_SEARCH_RECORDS, skipEmptyLines: "greedy" });
    const header = data[0] ?? [];
    const known = header.filter((cell) => columnForHeader(cell) !== null).length;
    if (known > best.known || (known === best.known && known > 0 && header.length > best.cells)) {
      best = { delimiter, known, cells: header.length };
    }
  }
  return best.delimiter;
}

/**
 * Feeds a CSV's records to the collector with papaparse (quoted fields with separators, quotes
 * and line breaks inside, CRLF or LF), one at a time, stopping as soon as the collector says so.
 * A record's line is its position as a spreadsheet shows it: a quoted line break stays in its row.
 */
export function readCsvRecords(text: string, delimiter: CsvDelimiter, collector: RecordCollector): void {
  let line = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step(result, parser) {
      line += 1;
      if (result.errors.some((e) => e.type === "Quotes")) {
        collector.fail({ message: "batches.errors.csvQuotes", values: { line } });
        parser.abort();
        return;
      }
      if (!collector.push(line, result.data)) parser.abort();
    },
  });
}
