/**
 * Input masks for Brazilian documents, phones and amounts: what a field shows while a person
 * types. Pure functions of the text (no caret); `remapCaret` keeps the caret after the same
 * typed character once the mask has added or removed punctuation. Validation stays with the
 * rules (cpf.ts, cnpj.ts, phone.ts, money.ts): a mask shapes, it never judges.
 */

/** A mask: typed text -> shown text. */
export type Mask = (text: string) => string;

/**
 * Characters the person typed that a mask keeps (digits and, for the alphanumeric CNPJ, letters);
 * the rest is punctuation the mask adds. The amount mask keeps the typed dots and comma too
 * (AMOUNT_KEEPS).
 */
export const MASK_KEEPS = /[0-9A-Za-z]/;
export const AMOUNT_KEEPS = /[0-9.,]/;

/** Puts `chars` into a pattern where "#" takes one character: fills as far as there are chars. */
function fill(pattern: string, chars: string): string {
  let out = "";
  let i = 0;
  for (const p of pattern) {
    if (i >= chars.length) break;
    if (p === "#") out += chars[i++];
    else out += p;
  }
  return out;
}

/** CPF as typed: "12345678909" -> "123.456.789-09" (progressively: "1234" -> "123.4"). */
export function maskCpf(text: string): string {
  return fill("###.###.###-##", text.replace(/\D/g, "").slice(0, 11));
}

/**
 * CNPJ as typed, the alphanumeric CNPJ (from July 2026) included: 12 letters or digits and 2
 * check digits, "12ABC34501DE35" -> "12.ABC.345/01DE-35". Letters are upper-cased; a letter
 * where a check digit goes is dropped.
 */
export function maskCnpj(text: string): string {
  const chars = text.toUpperCase().replace(/[^0-9A-Z]/g, "");
  const base = chars.slice(0, 12);
  const check = chars.slice(12).replace(/\D/g, "").slice(0, 2);
  return fill("##.###.###/####-##", base + (base.length === 12 ? check : ""));
}

/**
 * A CPF or a CNPJ in one field: the CPF mask up to 11 digits; a 12th character, or any letter
 * (only a CNPJ has letters), switches to the CNPJ mask.
 */
export function maskDocument(text: string): string {
  const chars = text.toUpperCase().replace(/[^0-9A-Z]/g, "");
  return chars.length <= 11 && /^\d*$/.test(chars) ? maskCpf(chars) : maskCnpj(chars);
}

/**
 * A phone as typed. National numbers (what Brazilians type): "11912345678" -> "(11) 91234-5678",
 * landlines "(11) 3123-4567". With a leading "+", the international form the DICT keeps:
 * "+5511912345678" -> "+55 11 91234-5678" (other countries: "+" and the digits, grouped by 4).
 */
export function maskPhone(text: string): string {
  const trimmed = text.trim();
  const digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) {
    if (digits.startsWith("55")) {
      const national = digits.slice(2, 13);
      return `+55${national ? ` ${maskNational(national).replace(/[()]/g, "")}` : ""}`;
    }
    const rest = digits.slice(0, 15);
    return `+${rest.replace(/(\d{4})(?=\d)/g, "$1 ")}`;
  }
  return maskNational(digits.slice(0, 11));
}

function maskNational(digits: string): string {
  if (digits.length <= 2) return digits.length ? `(${digits}` : "";
  const area = digits.slice(0, 2);
  const number = digits.slice(2);
  // 9 digits after the area code: a mobile (5 + 4); up to 8: a landline (4 + 4).
  const split = number.length > 8 ? 5 : 4;
  const tail = number.length > split ? `${number.slice(0, split)}-${number.slice(split)}` : number;
  return `(${area}) ${tail}`;
}

/**
 * An amount while it is typed: only digits, dots and commas stay ("R$", spaces and letters
 * go), one comma at most with at most 2 digits after it. Dots are left where they are typed:
 * "1.234" (grouping) and "1234.56" (a decimal point) are both read by `parseBRL`, which decides
 * on the whole text; the field shows the tidy "1.234,56" once it is left (`formatAmountInput`).
 */
export function maskAmount(text: string): string {
  const s = text.replace(/[^\d.,]/g, "");
  const comma = s.indexOf(",");
  if (comma < 0) return s.slice(0, 20);
  const decimals = s.slice(comma + 1).replace(/\D/g, "").slice(0, 2);
  return `${s.slice(0, comma).slice(0, 20)},${decimals}`;
}

/**
 * Where the caret goes after masking: behind the same number of kept characters it was
 * behind in the typed text (a typed letter the mask dropped counts, so the caret stays put). `caret` is the position in `typed`; the answer one in `masked`.
 */
export function remapCaret(typed: string, caret: number, masked: string, keeps: RegExp = MASK_KEEPS): number {
  let wanted = 0;
  for (let i = 0; i < Math.min(caret, typed.length); i += 1) if (keeps.test(typed[i]!)) wanted += 1;
  if (wanted === 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i += 1) {
    if (keeps.test(masked[i]!)) seen += 1;
    if (seen === wanted) return i + 1;
  }
  return masked.length;
}
