/**
 * EMV "merchant-presented QR" text (the BR Code): a run of fields, each a 2-digit id,
 * a 2-digit length and that many characters of value. Templates nest the same format.
 */
export type BrCodeField = { id: string; length: number; value: string; children?: BrCodeField[] };

type TlvParse = {
  fields: BrCodeField[];
  /** Character offset of each field in `fields`, in the parsed text. */
  offsets: number[];
  /** Plain-word descriptions of what could not be read; empty when the text parsed cleanly. */
  problems: string[];
  /** A field declared more characters than remain. */
  truncated: boolean;
};

/** Ids whose value is itself a run of fields (merchant accounts, additional data, templates). */
function isTemplateId(id: string): boolean {
  const n = Number(id);
  return (n >= 26 && n <= 51) || n === 62 || n === 64 || (n >= 80 && n <= 99);
}

/**
 * Reads fields leniently: stops at the first unreadable header, keeps a cut-off last field
 * with what remains, and never throws. Template values are parsed into `children` when
 * `nested` is set (their problems are reported with the parent's id).
 */
export function parseTlv(text: string, nested = true): TlvParse {
  const fields: BrCodeField[] = [];
  const offsets: number[] = [];
  const problems: string[] = [];
  let truncated = false;
  let pos = 0;
  while (pos < text.length) {
    const header = text.slice(pos, pos + 4);
    if (!/^\d{4}$/.test(header)) {
      problems.push(
        header.length < 4
          ? `Unreadable leftover text at the end: "${text.slice(pos)}"`
          : `Unreadable text at character ${pos + 1} ("${text.slice(pos, pos + 12)}"): expected a 2-digit field id and a 2-digit length`,
      );
      break;
    }
    const id = header.slice(0, 2);
    const length = Number(header.slice(2));
    const start = pos + 4;
    const value = text.slice(start, start + length);
    const field: BrCodeField = { id, length, value };
    if (value.length < length) {
      truncated = true;
      problems.push(
        `Field ${id} declares ${length} characters but only ${value.length} remain: the code looks cut off`,
      );
    }
    if (nested && isTemplateId(id) && value.length > 0) {
      const inner = parseTlv(value, false);
      field.children = inner.fields;
      for (const p of inner.problems) problems.push(`Inside field ${id}: ${p}`);
    }
    fields.push(field);
    offsets.push(pos);
    pos = start + length;
  }
  return { fields, offsets, problems, truncated };
}

/** One field as text: id + 2-digit length + value. Values over 99 characters do not fit. */
export function emvField(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`Field ${id} is ${value.length} characters, more than 99`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** Cents -> EMV amount text: 6666 -> "66.66", 100 -> "1.00". Integer math only. */
export function formatEmvAmount(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = cents - whole * 100;
  return `${whole}.${String(rest).padStart(2, "0")}`;
}

/**
 * EMV amount text -> cents without floating point ("66.66" -> 6666, "10" -> 1000,
 * "0.5" -> 50), or an explanation when it is not a plain amount.
 */
export function parseEmvAmount(text: string): { cents: number } | { error: string } {
  const m = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || !/\d/.test(text)) return { error: `The amount "${text}" is not a number` };
  const whole = m[1] ?? "";
  const decimals = m[2] ?? "";
  if (decimals.length > 2) return { error: `The amount "${text}" has more than 2 decimal places` };
  const cents = Number(whole || "0") * 100 + Number(decimals.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) return { error: `The amount "${text}" is too large` };
  return { cents };
}
