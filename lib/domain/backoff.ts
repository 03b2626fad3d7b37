/**
 * The one backoff rule: the wait before attempt `attempt` (1 for the first retry) doubles each
 * time from `base`, capped at `cap` (in any unit: milliseconds, seconds). With `jitter`, a wait
 * is drawn between half and all of it, so many clients that failed together do not come back
 * together. Used by the transfer engine's resubmissions, the provider client's retries, alert deliveries
 * and the sign-in throttle.
 */
export function backoffDelay(attempt: number, options: { base: number; cap: number; jitter?: boolean; random?: () => number }): number {
  const ceiling = Math.min(options.cap, options.base * 2 ** Math.min(Math.max(0, attempt - 1), 40));
  if (!options.jitter) return ceiling;
  return ceiling / 2 + (options.random ?? Math.random)() * (ceiling / 2);
}
