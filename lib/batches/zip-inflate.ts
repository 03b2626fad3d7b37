import { crc32, inflateRaw } from "node:zlib";

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
/** The end record is 22 bytes plus a comment of up to 65,535. */
const MAX_END_RECORD_SEARCH = 22 + 0xffff;
const STORED = 0;
const DEFLATED = 8;

type ZipEntry = { name: string; method: number; compressedSize: number; localHeaderAt: number };

export type InflatedZip =
  | { ok: true; entries: { name: string; data: Uint8Array }[] }
  | { ok: false; problem: "unreadable" | "tooLarge" | "tooManyEntries" };

/** The central directory's entries (names, methods, where the data is). Sizes it declares for the inflated data are never used. */
function readDirectory(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lowest = Math.max(0, bytes.byteLength - MAX_END_RECORD_SEARCH);
  let end = -1;
  for (let at = bytes.byteLength - 22; at >= lowest; at -= 1) {
    if (view.getUint32(at, true) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  // zip64 is never needed by a batch-sized workbook: unreadable.
  if (count === 0xffff || at === 0xffffffff) return null;
  const entries: ZipEntry[] = [];
  const names = new TextDecoder();
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > bytes.byteLength || view.getUint32(at, true) !== CENTRAL_DIRECTORY_ENTRY) return null;
    const nameLength = view.getUint16(at + 28, true);
    if (at + 46 + nameLength > bytes.byteLength) return null;
    entries.push({
      name: names.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      localHeaderAt: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/** The compressed bytes of an entry, found through its local header; null when they lie outside the file. */
function compressedData(bytes: Uint8Array, entry: ZipEntry): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderAt;
  if (at + 30 > bytes.byteLength || view.getUint32(at, true) !== LOCAL_FILE_HEADER) return null;
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  return end <= bytes.byteLength ? bytes.subarray(start, end) : null;
}

/** Inflates at most `maxBytes`; the stream is stopped at the first chunk past it (zlib's maxOutputLength). */
function inflateAtMost(data: Uint8Array, maxBytes: number): Promise<{ data: Uint8Array } | { tooLarge: true } | { broken: true }> {
  return new Promise((resolve) => {
    inflateRaw(data, { maxOutputLength: Math.max(1, maxBytes), chunkSize: 64 * 1024 }, (error, out) => {
      if (!error) return resolve({ data: new Uint8Array(out.buffer, out.byteOffset, out.byteLength) });
      resolve((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE" ? { tooLarge: true } : { broken: true });
    });
  });
}

/**
 * The entries of a zip whose names `wanted` accepts, inflated within one byte budget shared by
 * all of them: bytes are counted while they come out of the inflater and the first chunk past
 * `budget` stops everything (a zip bomb costs at most the budget, in memory and time). What the
 * zip's directory says an entry expands to is never believed. Other entries are not inflated.
 */
export async function inflateZip(bytes: Uint8Array, wanted: (name: string) => boolean, budget: number, maxEntries: number): Promise<InflatedZip> {
  const directory = readDirectory(bytes);
  if (!directory) return { ok: false, problem: "unreadable" };
  if (directory.length > maxEntries) return { ok: false, problem: "tooManyEntries" };
  let left = budget;
  const entries: { name: string; data: Uint8Array }[] = [];
  for (const entry of directory) {
    if (entry.name.endsWith("/") || !wanted(entry.name)) continue;
    const data = compressedData(bytes, entry);
    if (!data) return { ok: false, problem: "unreadable" };
    if (entry.method === STORED) {
      if (data.byteLength > left) return { ok: false, problem: "tooLarge" };
      left -= data.byteLength;
      entries.push({ name: entry.name, data });
      continue;
    }
    if (entry.method !== DEFLATED) return { ok: false, problem: "unreadable" };
    const inflated = await inflateAtMost(data, left);
    if ("tooLarge" in inflated) return { ok: false, problem: "tooLarge" };
    if ("broken" in inflated) return { ok: false, problem: "unreadable" };
    left -= inflated.data.byteLength;
    entries.push({ name: entry.name, data: inflated.data });
  }
  return { ok: true, entries };
}

/**
 * A zip of `entries` stored uncompressed, with their true sizes and checksums: what a reader
 * that believes a zip's directory (exceljs, through JSZip) may be given after inflateZip.
 */
export function storedZip(entries: { name: string; data: Uint8Array }[]): Uint8Array {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = encoder.encode(name);
    const crc = crc32(data);
    const local = new Uint8Array(30 + nameBytes.byteLength);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, LOCAL_FILE_HEADER, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(6, 0x0800, true); // UTF-8 names
    lv.setUint16(8, STORED, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, data.byteLength, true);
    lv.setUint32(22, data.byteLength, true);
    lv.setUint16(26, nameBytes.byteLength, true);
    local.set(nameBytes, 30);
    const entry = new Uint8Array(46 + nameBytes.byteLength);
    const cv = new DataView(entry.buffer);
    cv.setUint32(0, CENTRAL_DIRECTORY_ENTRY, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(8, 0x0800, true);
    cv.setUint16(10, STORED, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, data.byteLength, true);
    cv.setUint32(24, data.byteLength, true);
    cv.setUint16(28, nameBytes.byteLength, true);
    cv.setUint32(42, offset, true);
    entry.set(nameBytes, 46);
    parts.push(local, data);
    central.push(entry);
    offset += local.byteLength + data.byteLength;
  }
  const centralSize = central.reduce((n, c) => n + c.byteLength, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, END_OF_CENTRAL_DIRECTORY, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);
  const out = new Uint8Array(offset + centralSize + 22);
  let at = 0;
  for (const part of [...parts, ...central, end]) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
