/** Removes diacritics ("São Paulo" -> "Sao Paulo", "Itaú" -> "Itau"). */
export function stripAccents(s: string): string {
  return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

/** Lower-case, accent-free, single-spaced text for matching what people type. */
export function searchKey(s: string): string {
  return stripAccents(s).toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * Characters that change how text around them is shown without being text themselves: bidi
 * embeddings, overrides and isolates (U+202A-202E, U+2066-2069), the direction marks (U+200E,
 * U+200F, U+061C), and C0/C1 control characters (NUL, ESC, DEL, U+0080-009F...). Half a surrogate
 * pair is no character either.
 */
const FORMATTING = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Any character one of the four above could touch (a surrogate, even paired, takes the long way). */
const NEEDS_WORK = new RegExp(`[${[FORMATTING, LINE_BREAKS, CONTROLS].map((re) => re.source.replace(/^\[|\]\+?$/g, "")).join("")}\\uD800-\\uDFFF]`);

/**
 * Text from outside (a provider's names and reasons, an audit entry's details) made safe to show:
 * bidi controls and direction marks are removed, so "Maria \u202Eexe.txt Silva" reads "Maria
 * exe.txt Silva" in the order it was typed, never reversed; tabs and line breaks become one
 * space; other control characters are removed; half a surrogate pair becomes U+FFFD. Letters of
 * any script, accents and emoji are kept. Idempotent.
 */
export function neutralizeText(s: string): string {
  // Most text holds none of them: one scan instead of four replaces (a 100-item page has 500 texts).
  if (!NEEDS_WORK.test(s)) return s;
  return s.replace(FORMATTING, "").replace(LINE_BREAKS, " ").replace(CONTROLS, "").replace(LONE_SURROGATE, "\uFFFD");
}

/** Direction controls and marks: they make text read in another order than it was typed. */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
/** Line and paragraph breaks, tabs and the other C0/C1 controls: a name or a description is one line. */
const BREAKS_AND_CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/**
 * Why this text cannot be a name, a description or a nickname, or null: a direction control
 * ("Bidi \u202Egnp.exe\u202C Ltda" reads "Bidi exe.png Ltda" on a screen and in an e-mail) or a line
 * break (a second line that looks like another field). Refused where text enters, never
 * silently changed: what was typed is what is stored and shown.
 */
export function plainTextProblem(s: string): "direction_control" | "line_break" | null {
  if (DIRECTION_CONTROLS.test(s)) return "direction_control";
  if (BREAKS_AND_CONTROLS.test(s)) return "line_break";
  return null;
}

/** True when `plainTextProblem` finds nothing. */
export function isPlainText(s: string): boolean {
  return plainTextProblem(s) === null;
}
