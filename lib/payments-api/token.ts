import "server-only";
import { PROVIDER_MESSAGES, providerErrorSchema, tokenAnswerSchema } from "@/lib/contract";
import { getClientConfig } from "./config";
import { PaymentsApiError } from "./errors";
import { sendOnce, TransportFailure } from "./transport";

/**
 * OAuth2 client-credentials token cache. One token per process; concurrent callers share one
 * refresh (single flight); refreshed ~60 s before expiry (half the lifetime for short-lived
 * tokens). The token never leaves this module except as the Authorization header.
 */
type CachedToken = { value: string; expiresAt: number; refreshAt: number };

const REFRESH_MARGIN_MS = 60_000;

let cached: CachedToken | undefined;
let inflight: Promise<CachedToken> | undefined;
let fetchCount = 0;

export async function getAccessToken(): Promise<string> {
  if (cached && Date.now() < cached.refreshAt) return cached.value;
  inflight ??= fetchToken().finally(() => {
    inflight = undefined;
  });
  return (await inflight).value;
}

/** Drops the cached token after a 401, unless another caller already replaced it. */
export function invalidateToken(rejected: string): void {
  if (cached?.value === rejected) cached = undefined;
}

/** For /api/health: whether a token is cached and for how long, never the token itself. */
export function getTokenState(): { cached: boolean; expiresInSeconds: number | null; fetches: number } {
  const now = Date.now();
  if (!cached || cached.expiresAt <= now) return { cached: false, expiresInSeconds: null, fetches: fetchCount };
  return { cached: true, expiresInSeconds: Math.floor((cached.expiresAt - now) / 1000), fetches: fetchCount };
}

/** Tests only: forget the cached token and the fetch counter. */
export function resetTokenCacheForTests(): void {
  cached = undefined;
  inflight = undefined;
  fetchCount = 0;
}

/** Tests only: replace the cached token's value (to simulate a token the provider expired early). */
export function corruptTokenForTests(value: string): void {
  if (cached) cached = { ...cached, value };
}

async function fetchToken(): Promise<CachedToken> {
  const cfg = getClientConfig();
  fetchCount += 1;
  const basic = Buffer.from(`${cfg.clientId}:${cfg.clientSecret}`).toString("base64");
  let answer;
  try {
    answer = await sendOnce({
      operation: "token",
      method: "POST",
      url: `${cfg.baseUrl}/auth/generate_token`,
      headers: { authorization: `Basic ${basic}` },
      body: { grant_type: "client_credentials" },
      timeoutMs: cfg.timeoutMs,
    });
  } catch (err) {
    if (err instanceof TransportFailure) {
      throw new PaymentsApiError(`Could not get an access token: ${err.message}`, {
        kind: err.reason === "timeout" ? "timeout" : "upstream_failure",
        status: 0,
        operation: "token",
        cause: err,
      });
    }
    throw err;
  }
  if (answer.status === 401 || answer.status === 403) {
    throw new PaymentsApiError("The payments provider refused our client credentials", {
      kind: "unauthorized",
      status: answer.status,
      providerMessage: providerErrorSchema.safeParse(answer.json).data?.error ?? PROVIDER_MESSAGES.unauthorized,
      operation: "token",
    });
  }
  if (answer.status !== 200 && answer.status !== 201) {
    throw new PaymentsApiError(`The payments provider failed to issue a token (HTTP ${answer.status})`, {
      kind: "upstream_failure",
      status: answer.status,
      providerMessage: providerErrorSchema.safeParse(answer.json).data?.error,
      operation: "token",
    });
  }
  const parsed = tokenAnswerSchema.safeParse(answer.json);
  if (!parsed.success) {
    throw new PaymentsApiError(`The token answer is malformed: ${answer.jsonError ?? parsed.error.issues[0]?.message}`, {
      kind: "malformed",
      status: answer.status,
      operation: "token",
    });
  }
  const lifetimeMs = parsed.data.expires_in * 1000;
  const now = Date.now();
  const margin = Math.min(REFRESH_MARGIN_MS, lifetimeMs / 2);
  cached = { value: parsed.data.access_token, expiresAt: now + lifetimeMs, refreshAt: now + lifetimeMs - margin };
  return cached;
}
