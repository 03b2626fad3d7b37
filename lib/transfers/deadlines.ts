import type { ApprovalPolicy } from "./policy";

/**
 * When things about a transfer request are due (client-safe, pure): one definition each.
 */

/** When scheduled transfers go out on their day when SCHEDULE_SEND_TIME is not set (Brazil time). */
export const DEFAULT_SEND_TIME = "08:00";

/**
 * When a request made now stops waiting for approval: the policy's expiry, but never after its
 * first send instant (a payable approved after its day would go out late, or a series' first
 * occurrence skipped in silence).
 */
export function requestExpiry(policy: Pick<ApprovalPolicy, "expiry_hours">, now: Date, firstSend: Date | null = null): Date {
  return new Date(Math.min(now.getTime() + policy.expiry_hours * 3_600_000, firstSend?.getTime() ?? Infinity));
}
