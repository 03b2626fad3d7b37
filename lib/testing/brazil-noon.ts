import { afterAll, vi } from "vitest";
import { brazilDayKey, brazilInstant } from "@/lib/pix/time";

/**
 * Holds this test file's clock (Date only: timers stay real) at noon, Brazil time, of today, and
 * lets it run on from there: suites that reason in Brazil days ("today", "tomorrow", what is due)
 * then give the same answer at 23:59 and at 00:01, on a CI machine in any time zone. Call it at the
 * top of the file, before any "today" is taken; the real clock is back after the file.
 */
export function holdClockAtBrazilNoon(): Date {
  const noon = brazilInstant(brazilDayKey(new Date()), "12:00");
  if (!noon) throw new Error("no Brazil noon for today");
  vi.useFakeTimers({ now: noon, toFake: ["Date"], shouldAdvanceTime: true });
  afterAll(() => {
    vi.useRealTimers();
  });
  return noon;
}
