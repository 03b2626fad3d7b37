import "server-only";
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { isMonth, PARTITIONED_TABLES, type Month, type PartitionedTable } from "./months";

/**
 * An archived month on disk: `<table>-<YYYY-MM>.jsonl.gz` (one JSON object per row, as
 * PostgreSQL's row_to_json wrote it, in id order) and beside it `<same>.sha256` in `sha256sum`
 * format, so `sha256sum -c` checks it without this program.
 */
export type ArchiveFile = { table: PartitionedTable; month: Month; path: string; checksumPath: string };

/** Where the file is written: a seam so a test can make the disk fail half-way. */
export type OpenOutput = (file: string) => Writable;

export function archiveFileFor(dir: string, table: PartitionedTable, month: Month): ArchiveFile {
  const file = path.join(dir, `${table}-${month}.jsonl.gz`);
  return { table, month, path: file, checksumPath: `${file}.sha256` };
}

/** Reads table and month back from a file's name; null when the name is not an archive's. */
export function parseArchiveFile(file: string): ArchiveFile | null {
  const m = /^([a-z_]+)-(\d{4}-\d{2})\.jsonl\.gz$/.exec(path.basename(file));
  if (!m || !isMonth(m[2]!)) return null;
  const table = PARTITIONED_TABLES.find((t) => t === m[1]);
  return table ? { table, month: m[2]!, path: file, checksumPath: `${file}.sha256` } : null;
}

export type Written = { rows: number; sha256: string; contentSha256: string };

/**
 * Writes `lines` (JSON text, one per row) gzipped to the file and its checksum file. The content's
 * own SHA-256 (before compression) is kept to compare with what reads back.
 */
export async function writeArchive(
  file: ArchiveFile,
  lines: AsyncIterable<string>,
  openOutput: OpenOutput = (p) => createWriteStream(p, { flags: "wx" }),
): Promise<Written> {
  const content = createHash("sha256");
  let rows = 0;
  async function* text() {
    for await (const line of lines) {
      const chunk = `${line}\n`;
      content.update(chunk);
      rows += 1;
      yield chunk;
    }
  }
  await pipeline(Readable.from(text()), createGzip(), openOutput(file.path));
  const sha256 = await sha256Of(file.path);
  await writeFile(file.checksumPath, `${sha256}  ${path.basename(file.path)}\n`, { flag: "wx" });
  return { rows, sha256, contentSha256: content.digest("hex") };
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/** The checksum its `.sha256` file states. */
export async function statedChecksum(file: ArchiveFile): Promise<string> {
  const text = await readFile(file.checksumPath, "utf8");
  const m = /^([0-9a-f]{64})\s/.exec(text);
  if (!m) throw new Error(`${file.checksumPath} holds no SHA-256 checksum`);
  return m[1]!;
}

export type ReadBack = { rows: number; sha256: string; contentSha256: string };

/** Reads the file back from disk: its checksum, its rows, the SHA-256 of what it decompresses to. */
export async function readBack(file: ArchiveFile): Promise<ReadBack> {
  const sha256 = await sha256Of(file.path);
  const content = createHash("sha256");
  let rows = 0;
  for await (const line of readLines(file)) {
    JSON.parse(line);
    content.update(`${line}\n`);
    rows += 1;
  }
  return { rows, sha256, contentSha256: content.digest("hex") };
}

/** The file's lines, decompressed. */
export function readLines(file: ArchiveFile): AsyncIterable<string> {
  return createInterface({ input: createReadStream(file.path).pipe(createGunzip()), crlfDelay: Infinity });
}
