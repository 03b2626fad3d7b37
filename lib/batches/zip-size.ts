const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
/** The end record is 22 bytes plus a comment of up to 65,535. */
const MAX_END_RECORD_SEARCH = 22 + 0xffff;

/**
 * The bytes a zip says its entries expand to (sum of the central directory's uncompressed sizes),
 * read before anything is inflated, so a zip bomb is refused without expanding it. Null when the
 * directory cannot be read or uses zip64 (never needed by a batch-sized XLSX): treat as unreadable.
 */
export function declaredExpandedBytes(bytes: Uint8Array): number | null {
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
  const entries = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (entries === 0xffff || at === 0xffffffff) return null;
  let total = 0;
  for (let i = 0; i < entries; i += 1) {
    if (at + 46 > bytes.byteLength || view.getUint32(at, true) !== CENTRAL_DIRECTORY_ENTRY) return null;
    const size = view.getUint32(at + 24, true);
    if (size === 0xffffffff) return null;
    total += size;
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return total;
}
