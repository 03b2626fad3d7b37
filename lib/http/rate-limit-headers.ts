/**
 * The IETF draft's rate limit fields (draft-ietf-httpapi-ratelimit-headers, structured fields):
 * `RateLimit-Policy: "<name>";q=<quota>;w=<window s>` says the rule, `RateLimit: "<name>";r=<left>;t=<s to reset>`
 * what is left of it now. A 429 adds `Retry-After`. Pure: every limiter answers through here.
 */
export type RateState = {
  /** The policy's name ("token", "public", "sign-in"). */
  policy: string;
  /** Requests allowed per window. */
  quota: number;
  windowSeconds: number;
  remaining: number;
  /** Seconds until the window starts again. */
  resetSeconds: number;
};

export function rateLimitHeaders(state: RateState): Record<string, string> {
  const name = `"${state.policy}"`;
  return {
    "ratelimit-policy": `${name};q=${state.quota};w=${state.windowSeconds}`,
    ratelimit: `${name};r=${Math.max(0, state.remaining)};t=${Math.max(0, Math.ceil(state.resetSeconds))}`,
  };
}

/** A 429's headers: the fields above and `Retry-After` (seconds, at least 1). */
export function rateLimitedHeaders(state: RateState): Record<string, string> {
  return { ...rateLimitHeaders(state), "retry-after": String(Math.max(1, Math.ceil(state.resetSeconds))) };
}
