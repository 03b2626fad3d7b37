import { RECEIVER_WINDOW_HOURS } from "./policy";

/** The first instant the approval window counts at `now`: RECEIVER_WINDOW_HOURS before it. */
export function windowStart(now: Date): Date {
  return new Date(now.getTime() - RECEIVER_WINDOW_HOURS * 3_600_000);
}
