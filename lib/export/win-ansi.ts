/**
 * Windows-1252 ("WinAnsi"): the character set of the PDF standard fonts and of the OFX files
 * Brazilian ERPs read (CHARSET:1252). Portuguese fits in it whole; names in other scripts and
 * emoji do not, and a PDF standard font would draw them as garbage. `toWinAnsi` keeps what fits,
 * writes accented letters it lacks without their accent ("Ł" stays, "ő" -> "o"), and puts "?"
 * for the rest, so a receipt or a statement line never breaks on a name.
 */

/** The characters of 0x80-0x9F in Windows-1252 (the rest of 0x00-0xFF is Latin-1 itself). */
const HIGH: Record<string, number> = {
  "€": 0x80, "‚": 0x82, "ƒ": 0x83, "„": 0x84, "…": 0x85, "†": 0x86, "‡": 0x87, "ˆ": 0x88, "‰": 0x89,
  "Š": 0x8a, "‹": 0x8b, "Œ": 0x8c, "Ž": 0x8e, "‘": 0x91, "’": 0x92, "“": 0x93, "”": 0x94, "•": 0x95,
  "–": 0x96, "—": 0x97, "˜": 0x98, "™": 0x99, "š": 0x9a, "›": 0x9b, "œ": 0x9c, "ž": 0x9e, "Ÿ": 0x9f,
};

const REPLACEMENT = "?";

/** The Windows-1252 byte of a character, or null when it has none (controls included). */
function byteOf(char: string): number | null {
  const code = char.codePointAt(0) ?? 0;
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return code;
  return HIGH[char] ?? null;
}

/** Text made of Windows-1252 characters only (see above); line breaks and tabs become spaces. */
export function toWinAnsi(text: string): string {
  let out = "";
  for (const char of text.replace(/[\t\n\r\v\f\u2028\u2029]+/g, " ")) {
    if (byteOf(char) !== null) {
      out += char;
      continue;
    }
    const base = char.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    out += base && [...base].every((c) => byteOf(c) !== null) ? base : REPLACEMENT;
  }
  return out;
}

/** Text as Windows-1252 bytes (what `toWinAnsi` keeps; "?" for the rest); its line breaks stay as they are. */
export function encodeWindows1252(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const part of text.split(/(\r\n|\n|\r)/)) {
    if (/^[\r\n]+$/.test(part)) for (const char of part) bytes.push(char.charCodeAt(0));
    else for (const char of toWinAnsi(part)) bytes.push(byteOf(char) ?? 0x3f);
  }
  return Uint8Array.from(bytes);
}
