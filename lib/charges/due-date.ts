import { addBrazilDays, brazilDayKey, brazilInstant } from "@/lib/pix/time";

/** A charge may fall due from today up to this many days ahead (the provider's longest expiration is a year). */
export const DUE_MAX_DAYS = 364;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Why a due date cannot be chosen, as a `validation.charge.*` key, or null. Client-safe. */
export function dueDateProblem(day: string, now: Date): string | null {
  if (!DAY.test(day) || !brazilInstant(day)) return "validation.charge.dueNotADay";
  if (day < brazilDayKey(now)) return "validation.charge.duePast";
  if (day > brazilDayKey(addBrazilDays(now, DUE_MAX_DAYS))) return "validation.charge.dueTooFar";
  return null;
}

/** The last instant a charge due on `day` may be paid: 23:59:59 of that day, Brazil time. */
export function chargeExpiresAt(day: string): Date {
  const next = brazilInstant(day);
  if (!next) throw new Error(`Not a day: ${day}`);
  return new Date(addBrazilDays(next, 1).getTime() - 1000);
}

/**
 * The provider's `expiration_time` (seconds from now the code stays payable) for a charge due on
 * `day`: it ends with the due day in Brazil, whatever the hour it is made at.
 */
export function expirationSeconds(day: string, now: Date): number {
  return Math.max(1, Math.ceil((chargeExpiresAt(day).getTime() - now.getTime()) / 1000));
}
