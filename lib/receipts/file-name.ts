/**
 * File names inside a receipts ZIP, safe on every system that may unpack it (Windows included):
 * ASCII letters, digits, "-" and "_" only (accents dropped: "João" -> "joao"), no reserved
 * Windows device names, short enough for deep folders, unique within one archive.
 */
const MAX_STEM = 80;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/** Words as a lower-case ASCII slug: "Padaria Estrela Ltda." -> "padaria-estrela-ltda". */
function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A name's stem (before the extension) made safe; "file" when nothing is left of it. */
export function safeStem(stem: string): string {
  const s = slug(stem).slice(0, MAX_STEM).replace(/-+$/g, "") || "file";
  return WINDOWS_RESERVED.test(s) ? `${s}-file` : s;
}

/** "0007-padaria-estrela-ltda.pdf": the row (zero-padded so files sort as the rows) and the receiver. */
export function receiptFileName(row: number, receiverName: string): string {
  // After the row number no name can be a reserved device name ("0004-con" is not "con").
  const receiver = slug(receiverName).slice(0, MAX_STEM).replace(/-+$/g, "") || "recebedor";
  return `${String(row).padStart(4, "0")}-${receiver}.pdf`;
}

/** Keeps names unique in one archive: a second "a.pdf" becomes "a-2.pdf". */
export function uniqueNames(): (name: string) => string {
  const seen = new Set<string>();
  return (name) => {
    const dot = name.lastIndexOf(".");
    const stem = safeStem(dot > 0 ? name.slice(0, dot) : name);
    const ext = dot > 0 ? `.${slug(name.slice(dot + 1)).slice(0, 8) || "bin"}` : "";
    let candidate = `${stem}${ext}`;
    for (let n = 2; seen.has(candidate.toLowerCase()); n += 1) candidate = `${stem}-${n}${ext}`;
    seen.add(candidate.toLowerCase());
    return candidate;
  };
}
