import { randomInt } from "./check-digit";

/** `E` + ISPB (8) + `yyyyMMddHHmm` in UTC (12) + 11 alphanumerics: 32 characters. */
export const END_TO_END_RE = /^E[0-9A-Z]{8}\d{12}[a-zA-Z0-9]{11}$/;

const SEQUENCE_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

type EndToEndParts = { ispb: string; createdAt: Date; sequence: string };

export function isEndToEndId(s: string): boolean {
  return END_TO_END_RE.test(s);
}

/** Splits an end-to-end id; null when the shape is wrong or the timestamp is not a real UTC minute. */
export function parseEndToEnd(s: string): EndToEndParts | null {
  if (!END_TO_END_RE.test(s)) return null;
  const ts = s.slice(9, 21);
  const [year, month, day, hour, minute] = [
    ts.slice(0, 4),
    ts.slice(4, 6),
    ts.slice(6, 8),
    ts.slice(8, 10),
    ts.slice(10, 12),
  ].map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) return null;
  const createdAt = new Date(Date.UTC(year, month - 1, day, hour, minute));
  // Date.UTC rolls 31 April over to 1 May: a changed day means an impossible date.
  if (createdAt.getUTCDate() !== day || createdAt.getUTCFullYear() !== year) return null;
  return { ispb: s.slice(1, 9), createdAt, sequence: s.slice(21) };
}

/** A new end-to-end id for the sender `ispb` at `at` (minutes in UTC), sequence drawn from `rand`. */
export function generateEndToEnd(ispb: string, at: Date, rand: () => number): string {
  if (!/^[0-9A-Z]{8}$/.test(ispb)) throw new RangeError(`ISPB must be 8 characters 0-9/A-Z, got "${ispb}"`);
  if (Number.isNaN(at.getTime())) throw new RangeError("generateEndToEnd needs a valid date");
  const year = at.getUTCFullYear();
  if (year < 1000 || year > 9999) throw new RangeError("generateEndToEnd needs a 4-digit year");
  const pad = (n: number) => String(n).padStart(2, "0");
  const stamp = `${year}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}`;
  let sequence = "";
  for (let i = 0; i < 11; i++) sequence += SEQUENCE_CHARS[randomInt(rand, SEQUENCE_CHARS.length)];
  return `E${ispb}${stamp}${sequence}`;
}
