/**
 * Dates as Brazilian people type and read them: dd/mm/aaaa (and HH:mm), whatever the browser's
 * locale. Values travel as ISO calendar days ("2026-03-01") and times ("14:30"); text is only
 * at the edge. Pure functions: no zone is involved (a typed day is a Brazil day by definition).
 */

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Why a typed date cannot be read; the UI says it in its language (messages "formats.date"). */
export type DateInputProblem =
  | "empty"
  /** Not all of dd/mm/aaaa was typed (e.g. "01/03/26"). */
  | "incomplete"
  /** Day or month out of range, or a day the month does not have (31/04, 29/02/2026). */
  | "notADay"
  /** Years outside 1900-2099: a typo, not a payment date. */
  | "year"
  /** The time is not HH:mm in 00:00-23:59. */
  | "time";

type DayParse = { ok: true; day: string } | { ok: false; problem: DateInputProblem };
type DateTimeParse = { ok: true; day: string; time: string } | { ok: false; problem: DateInputProblem };

const MIN_INPUT_YEAR = 1900;
const MAX_INPUT_YEAR = 2099;

/** True when year-month-day is a day of the calendar. */
function isRealDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function checkedDay(year: number, month: number, day: number): DayParse {
  if (!isRealDay(year, month, day)) return { ok: false, problem: "notADay" };
  if (year < MIN_INPUT_YEAR || year > MAX_INPUT_YEAR) return { ok: false, problem: "year" };
  return { ok: true, day: `${pad(year, 4)}-${pad(month)}-${pad(day)}` };
}

/**
 * A typed day -> "YYYY-MM-DD". Reads "01/03/2026", "1/3/2026", "01-03-2026", "01.03.2026",
 * "01032026" (8 digits) and a pasted ISO day "2026-03-01". Two-digit years are refused as
 * incomplete: "01/03/26" could be 1926 or 2026, and money dates must not be guessed.
 */
export function parseBrazilDay(text: string): DayParse {
  const s = text.trim();
  if (!s) return { ok: false, problem: "empty" };
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m) return checkedDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{2})(\d{2})(\d{4})$/.exec(s);
  if (m) return checkedDay(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (m) return checkedDay(Number(m[3]), Number(m[2]), Number(m[1]));
  if (/^[\d/.\- ]*$/.test(s)) return { ok: false, problem: "incomplete" };
  return { ok: false, problem: "notADay" };
}

/** "14:30" or "1430" -> "14:30"; null when it is no time of day. */
export function parseTimeOfDay(text: string): string | null {
  const m = /^(\d{1,2}):?(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour > 23 || minute > 59) return null;
  return `${pad(hour)}:${pad(minute)}`;
}

/** "01/03/2026 14:30" -> { day: "2026-03-01", time: "14:30" }. The time is required. */
export function parseBrazilDateTime(text: string): DateTimeParse {
  const s = text.trim();
  if (!s) return { ok: false, problem: "empty" };
  const m = /^(\S+)(?:\s+|T)(\S*)$/.exec(s);
  const day = parseBrazilDay(m ? (m[1] ?? "") : s);
  if (!day.ok) return day;
  const timeText = m?.[2] ?? "";
  if (!timeText) return { ok: false, problem: "incomplete" };
  const time = parseTimeOfDay(timeText);
  // "14" or "14:3" is a time still being typed; "25:00" or "14:75" is no time at all.
  if (!time) return { ok: false, problem: /^\d{1,2}(:\d?)?$/.test(timeText) ? "incomplete" : "time" };
  return { ok: true, day: day.day, time };
}

/** "2026-03-01" -> "01/03/2026"; anything that is not an ISO day comes back unchanged. */
export function formatBrazilDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : day;
}

/** "2026-03-01" -> "01/03" (chart axes); anything else unchanged. */
export function formatBrazilDayMonth(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[3]}/${m[2]}` : day;
}

/**
 * What the mask shows while a date is typed: digits only, slashes put in as the digits come
 * ("0103" -> "01/03", "01032026" -> "01/03/2026"). With `withTime`, a space and "HH:mm" follow.
 * Letters and extra digits are dropped, so pasting "01/03/2026" or "01-03-2026" gives the same.
 */
export function maskBrazilDate(text: string, withTime = false): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(text.trim());
  const digits = iso ? `${iso[3]}${iso[2]}${iso[1]}${iso[4] ?? ""}${iso[5] ?? ""}` : text.replace(/\D/g, "");
  const d = digits.slice(0, withTime ? 12 : 8);
  let out = d.slice(0, 2);
  if (d.length > 2) out += `/${d.slice(2, 4)}`;
  if (d.length > 4) out += `/${d.slice(4, 8)}`;
  if (withTime && d.length > 8) out += ` ${d.slice(8, 10)}`;
  if (withTime && d.length > 10) out += `:${d.slice(10, 12)}`;
  return out;
}

/** Characters of a full "dd/mm/aaaa" (the input's maxLength). */
export const DATE_MASK_LENGTH = 10;
