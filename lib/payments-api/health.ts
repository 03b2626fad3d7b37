import "server-only";
import { getClientConfig } from "./config";
import { isPaymentsApiError } from "./errors";
import { getAccessToken, getTokenState } from "./token";
import { sendOnce, TransportFailure } from "./transport";

export type ProviderHealth = {
  mode: "sandbox" | "provider";
  /** The provider answered over HTTP (any status). */
  reachable: boolean;
  /** Our credentials got a token. */
  authenticated: boolean;
  latency_ms: number | null;
  token: { cached: boolean; expires_in_s: number | null };
  error?: string;
  checked_at: string;
};

/** Health is unauthenticated: cache the probe briefly so it cannot be used to hammer the provider. */
const HEALTH_CACHE_MS = 5_000;
let last: { at: number; value: ProviderHealth } | undefined;
let inflight: Promise<ProviderHealth> | undefined;

/** Reachability and token state; never the token, the URL or a credential. */
export async function getHealth(): Promise<ProviderHealth> {
  if (last && Date.now() - last.at < HEALTH_CACHE_MS) return withTokenState(last.value);
  inflight ??= probe().then(
    (value) => {
      last = { at: Date.now(), value };
      inflight = undefined;
      return value;
    },
    (err: unknown) => {
      inflight = undefined;
      throw err;
    },
  );
  return withTokenState(await inflight);
}

export function resetHealthCacheForTests(): void {
  last = undefined;
  inflight = undefined;
}

async function probe(): Promise<ProviderHealth> {
  const cfg = getClientConfig();
  const mode = cfg.sandboxMode ? "sandbox" : "provider";
  const base = { mode, checked_at: new Date().toISOString(), token: tokenState() } as const;
  let authenticated = false;
  try {
    await getAccessToken();
    authenticated = true;
  } catch (err) {
    const unauthorized = isPaymentsApiError(err) && err.kind === "unauthorized";
    if (!unauthorized) return { ...base, reachable: false, authenticated, latency_ms: null, error: describe(err) };
  }
  // A cheap read that needs no data: the webhook types list. Any HTTP answer means reachable.
  try {
    const answer = await sendOnce({
      operation: "health",
      method: "GET",
      url: `${cfg.baseUrl}/v1/webhooks/types`,
      headers: {},
      timeoutMs: Math.min(cfg.timeoutMs, 5_000),
    });
    return {
      ...base,
      reachable: true,
      authenticated,
      latency_ms: Math.round(answer.durationMs),
      ...(authenticated ? {} : { error: "The provider refused our client credentials" }),
    };
  } catch (err) {
    return { ...base, reachable: false, authenticated, latency_ms: null, error: describe(err) };
  }
}

/** GET /api/ready: can we get an access token (the cached one, or a new one now)? */
export async function checkProviderToken(): Promise<{ ok: true } | { ok: false; error: string }> {
  try {
    await getAccessToken();
    return { ok: true };
  } catch (err) {
    return { ok: false, error: describe(err) };
  }
}

function withTokenState(value: ProviderHealth): ProviderHealth {
  return { ...value, token: tokenState() };
}

function tokenState(): ProviderHealth["token"] {
  const state = getTokenState();
  return { cached: state.cached, expires_in_s: state.expiresInSeconds };
}

function describe(err: unknown): string {
  if (err instanceof TransportFailure || isPaymentsApiError(err)) return err.message;
  return "Unexpected failure while probing the provider";
}
