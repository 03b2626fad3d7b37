const TABLE = (() => {
  const table = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let crc = i << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    table[i] = crc;
  }
  return table;
})();

const encoder = new TextEncoder();

/**
 * CRC16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) of `text`
 * as UTF-8 bytes, as 4 upper-case hex digits. BR Codes are meant to be ASCII, where bytes
 * and characters agree; UTF-8 is what generators produce for the odd accented name.
 */
export function crc16Ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of encoder.encode(text)) {
    crc = ((crc << 8) & 0xffff) ^ (TABLE[((crc >> 8) ^ byte) & 0xff] ?? 0);
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}
