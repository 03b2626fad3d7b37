import { TZDate, tzOffset } from "@date-fns/tz";
import { BRAZIL_TZ } from "./time-zone";

/**
 * Brazil time. Offsets come from the IANA database through @date-fns/tz, never a fixed
 * -03:00: Brazil dropped daylight saving in 2019, but older dates were -02:00 in summer.
 */
export { BRAZIL_TZ };

type WallClock = {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
};

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

const HOUR_MS = 3_600_000;
const offsetByHour = new Map<number, number>();

/**
 * Brazil's UTC offset (minutes) at an instant, read from the IANA data once per UTC hour: its
 * changes fall on whole UTC hours, and the payments table reads hundreds of instants per page
 * (a fresh TZDate for each made every page change visibly slower in the browser).
 */
function offsetAt(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    if (offsetByHour.size > 50_000) offsetByHour.clear();
    offset = tzOffset(BRAZIL_TZ, new Date(hour * HOUR_MS));
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** The Brazil wall clock of an instant. */
export function brazilWallClock(d: Date): WallClock {
  const z = new Date(d.getTime() + offsetAt(d.getTime()) * 60_000);
  return {
    year: z.getUTCFullYear(),
    month: z.getUTCMonth() + 1,
    day: z.getUTCDate(),
    hour: z.getUTCHours(),
    minute: z.getUTCMinutes(),
    second: z.getUTCSeconds(),
    ms: z.getUTCMilliseconds(),
  };
}

/** True when the numbers name a real calendar moment (no month 13, 30 February or 24:00). */
function isRealDateTime(w: WallClock): boolean {
  if (w.year < 1000 || w.year > 9999) return false;
  if (w.month < 1 || w.month > 12 || w.day < 1 || w.hour > 23 || w.minute > 59 || w.second > 59) return false;
  // Date.UTC rolls 30 February over into March: a changed month means the day does not exist.
  return new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCMonth() === w.month - 1;
}

/**
 * The instant a Brazil wall-clock time names. A time skipped by an old daylight-saving
 * change (e.g. 2018-11-04 00:30) moves forward an hour; a repeated one takes the first.
 * Null for impossible dates and years outside 1000-9999.
 */
function fromBrazilWallClock(w: WallClock): Date | null {
  if (!isRealDateTime(w)) return null;
  const z = TZDate.tz(BRAZIL_TZ, w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms);
  return new Date(z.getTime());
}

/** Like `fromBrazilWallClock` for values already known to be valid (internal arithmetic). */
function wallClockToDate(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): Date {
  // Date.UTC normalises overflow (day 0, day 32) before the zone is applied.
  const c = new Date(Date.UTC(year, month - 1, day));
  const z = TZDate.tz(BRAZIL_TZ, c.getUTCFullYear(), c.getUTCMonth(), c.getUTCDate(), hour, minute, second, ms);
  return new Date(z.getTime());
}

/** Brazil's UTC offset at `d` in minutes (-180 today; -120 in old summers). */
function brazilOffsetMinutes(d: Date): number {
  return offsetAt(d.getTime());
}

function offsetText(minutes: number, minus: string): string {
  const sign = minutes < 0 ? minus : "+";
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** "UTC−03:00" (with a real minus sign, U+2212, for display). */
export function brazilOffsetLabel(d: Date): string {
  return `UTC${offsetText(brazilOffsetMinutes(d), "\u2212")}`;
}

/** "2026-11-21T09:15:02.123-03:00": the provider's answer format, in Brazil time. */
export function formatProviderDateTime(d: Date): string {
  const w = brazilWallClock(d);
  return `${formatListParam(d)}.${pad(w.ms, 3)}${offsetText(brazilOffsetMinutes(d), "-")}`;
}

/** "2026-11-21T09:15:02": the list parameter format, Brazil wall clock, no offset. */
export function formatListParam(d: Date): string {
  const w = brazilWallClock(d);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/** Reads a list parameter ("YYYY-mm-ddTHH:MM:ss") in Brazil time; null if malformed or impossible. */
export function parseListParam(s: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(s);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as number[];
  return fromBrazilWallClock({ year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second!, ms: 0 });
}

/**
 * Reads a provider datetime ("2026-11-21T09:15:02.123-03:00"). Lenient on what real answers
 * vary in: fraction of 0-9 digits, "Z" or "+HHMM", a space for the T; without an offset the
 * time is read in Brazil. Null if malformed or impossible.
 */
export function parseProviderDateTime(s: string): Date | null {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:?\d{2})?$/i.exec(s.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as number[];
  const ms = Number((m[7] ?? "").padEnd(3, "0").slice(0, 3));
  const w: WallClock = { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second!, ms };
  const zone = m[8];
  if (zone === undefined) return fromBrazilWallClock(w);
  if (!isRealDateTime(w)) return null;
  let offset = 0;
  if (zone.toUpperCase() !== "Z") {
    const digits = zone.replace(":", "");
    const hours = Number(digits.slice(1, 3));
    const minutes = Number(digits.slice(3, 5));
    if (hours > 14 || minutes > 59) return null;
    offset = (digits[0] === "-" ? -1 : 1) * (hours * 60 + minutes);
  }
  const utc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms);
  return new Date(utc - offset * 60_000);
}

function toDate(d: Date | string): Date | null {
  if (typeof d !== "string") return Number.isNaN(d.getTime()) ? null : d;
  const parsed = parseProviderDateTime(d) ?? new Date(d);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** "21/11/2026 09:15:02" in Brazil time. Unreadable strings come back as they are; invalid dates as "—". */
export function formatBrazilDateTime(d: Date | string): string {
  const date = toDate(d);
  if (!date) return typeof d === "string" ? d : "—";
  // One wall-clock reading per call: the payments table formats 200 of these per page.
  const w = brazilWallClock(date);
  return `${dayText(w)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/** "21/11/2026" in Brazil time. */
export function formatBrazilDate(d: Date | string): string {
  const date = toDate(d);
  if (!date) return typeof d === "string" ? d : "—";
  return dayText(brazilWallClock(date));
}

/** "08:00": the Brazil wall-clock hour and minute of an instant. */
export function formatBrazilTime(d: Date | string): string {
  const date = toDate(d);
  if (!date) return typeof d === "string" ? d : "—";
  const w = brazilWallClock(date);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

const dayText = (w: WallClock) => `${pad(w.day)}/${pad(w.month)}/${pad(w.year, 4)}`;

/** "2026-11-21": the Brazil calendar day of an instant, for grouping and chart keys. */
export function brazilDayKey(d: Date): string {
  const w = brazilWallClock(d);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** 00:00:00.000 Brazil time of the day `d` falls on. */
export function startOfBrazilDay(d: Date): Date {
  const w = brazilWallClock(d);
  return wallClockToDate(w.year, w.month, w.day);
}

/** 23:59:59.999 Brazil time of the day `d` falls on (23:59:59 in list-param precision). */
export function endOfBrazilDay(d: Date): Date {
  const w = brazilWallClock(d);
  return wallClockToDate(w.year, w.month, w.day, 23, 59, 59, 999);
}

/** Same Brazil wall-clock time `n` calendar days later (or earlier when negative). */
export function addBrazilDays(d: Date, n: number): Date {
  const w = brazilWallClock(d);
  return wallClockToDate(w.year, w.month, w.day + n, w.hour, w.minute, w.second, w.ms);
}

/** Monday 00:00 Brazil time of the week `d` falls in. */
export function startOfBrazilWeek(d: Date): Date {
  const w = brazilWallClock(d);
  const weekday = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay(); // 0 = Sunday
  return wallClockToDate(w.year, w.month, w.day - ((weekday + 6) % 7));
}

/** The 1st of the month, 00:00 Brazil time, of the month `d` falls in. */
export function startOfBrazilMonth(d: Date): Date {
  const w = brazilWallClock(d);
  return wallClockToDate(w.year, w.month, 1);
}

/** The instant of a Brazil calendar day ("YYYY-MM-DD") at a wall-clock time ("HH:MM"); null when either is not real. */
export function brazilInstant(day: string, time = "00:00"): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  return fromBrazilWallClock({ year: Number(d[1]), month: Number(d[2]), day: Number(d[3]), hour: Number(t[1]), minute: Number(t[2]), second: 0, ms: 0 });
}
