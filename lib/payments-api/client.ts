import "server-only";
import type { z } from "zod";
import { providerErrorSchema } from "@/lib/contract";
import { getClientConfig } from "./config";
import { isPaymentsApiError, PaymentsApiError, type ProviderOperation } from "./errors";
import { parseProviderFields } from "./provider-fields";
import { trimKeys } from "./trim-keys";
import { getAccessToken, invalidateToken } from "./token";
import { sendOnce, TransportFailure, type RawAnswer } from "./transport";
import { backoffDelay } from "@/lib/domain/backoff";

type ProviderCall = {
  operation: ProviderOperation;
  method: "GET" | "POST" | "DELETE";
  /** Already-encoded path starting with "/". */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
};

const BACKOFF_BASE_MS = 100;
const BACKOFF_CAP_MS = 2_000;
/** A Retry-After longer than this is not waited for: the user is waiting. */
const RETRY_AFTER_CAP_MS = 5_000;

/**
 * The one fetch wrapper. Reads (GET) are retried with exponential backoff and jitter on network
 * errors, 5xx and 429/503 with Retry-After; a timeout is not retried (the provider is slow and the
 * user is waiting). POST is NEVER retried: a registration's outcome may be unknown.
 * A 401 refreshes the token once and retries once (the provider did not process the call).
 */
export async function callProvider(call: ProviderCall): Promise<RawAnswer> {
  const cfg = getClientConfig();
  const maxAttempts = call.method === "GET" ? cfg.readRetries + 1 : 1;
  const url = buildUrl(cfg.baseUrl, call.path, call.query);
  const timeoutMs = call.method === "GET" ? cfg.timeoutMs : cfg.registerTimeoutMs;
  for (let attempt = 1; ; attempt += 1) {
    const last = attempt >= maxAttempts;
    try {
      const answer = await sendWithToken(call, url, timeoutMs);
      const waitMs = retryDelay(answer, attempt);
      if (last || waitMs === undefined) return answer;
      await sleep(waitMs);
    } catch (err) {
      if (last || !isRetryableFailure(err)) throw toPaymentsApiError(err, call.operation);
      await sleep(backoff(attempt));
    }
  }
}

async function sendWithToken(call: ProviderCall, url: string, timeoutMs: number): Promise<RawAnswer> {
  const send = (token: string) =>
    sendOnce({ operation: call.operation, method: call.method, url, headers: { authorization: `Bearer ${token}` }, body: call.body, timeoutMs });
  const token = await getAccessToken();
  const answer = await send(token);
  if (answer.status !== 401) return answer;
  invalidateToken(token);
  return send(await getAccessToken());
}

/** Parses a 2xx answer with its contract schema, or throws the error the status means. */
export function expectAnswer<S extends z.ZodType>(
  answer: RawAnswer,
  schema: S,
  operation: ProviderOperation,
  okStatuses: readonly number[] = [200],
): z.output<S> {
  if (!okStatuses.includes(answer.status)) throw errorFromAnswer(answer, operation);
  if (answer.jsonError) throw malformed(answer, operation, answer.jsonError);
  const parsed = schema.safeParse(trimKeys(answer.json));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    throw malformed(answer, operation, `${where}${issue?.message ?? "unexpected shape"}`);
  }
  return parsed.data;
}

/** Maps a non-success answer to a typed error (the provider's 406 is "not found"). */
function errorFromAnswer(answer: RawAnswer, operation: ProviderOperation): PaymentsApiError {
  const providerMessage = providerErrorSchema.safeParse(answer.json).data?.error?.trim() || undefined;
  const { status } = answer;
  const base = { status, providerMessage, operation };
  if (status === 406) return new PaymentsApiError(providerMessage ?? "Not found", { ...base, kind: "not_found" });
  if (status === 400 || (status === 422 && !/insufficient funds/i.test(providerMessage ?? ""))) {
    return new PaymentsApiError(providerMessage ?? "The provider refused the request as invalid", {
      ...base,
      kind: "invalid",
      fields: parseProviderFields(providerMessage),
    });
  }
  if (status === 422) return new PaymentsApiError(providerMessage ?? "Insufficient funds", { ...base, kind: "insufficient_funds" });
  if (status === 403) return new PaymentsApiError(providerMessage ?? "Forbidden by the provider", { ...base, kind: "forbidden" });
  if (status === 401) {
    return new PaymentsApiError("The payments provider refused our access token twice", { ...base, kind: "unauthorized" });
  }
  if (status === 409) return new PaymentsApiError(providerMessage ?? "Conflict", { ...base, kind: "conflict" });
  const reason = status === 429 ? "is rate limiting us" : `failed (HTTP ${status})`;
  return new PaymentsApiError(`The payments provider ${reason}`, { ...base, kind: "upstream_failure" });
}

function malformed(answer: RawAnswer, operation: ProviderOperation, reason: string): PaymentsApiError {
  return new PaymentsApiError(`The payments provider sent a malformed answer: ${reason}`, {
    kind: "malformed",
    status: answer.status,
    operation,
  });
}

function toPaymentsApiError(err: unknown, operation: ProviderOperation): unknown {
  if (!(err instanceof TransportFailure)) return err;
  return new PaymentsApiError(err.message, {
    kind: err.reason === "timeout" ? "timeout" : "upstream_failure",
    status: 0,
    operation,
    cause: err,
  });
}

function isRetryableFailure(err: unknown): boolean {
  if (err instanceof TransportFailure) return err.reason === "network";
  // A token fetch that failed on the network or with a 5xx inside a read: retry the read.
  return isPaymentsApiError(err) && err.operation === "token" && err.kind === "upstream_failure";
}

/** undefined = do not retry this answer. */
function retryDelay(answer: RawAnswer, attempt: number): number | undefined {
  const { status } = answer;
  if (status === 429 || status === 503) {
    const after = parseRetryAfter(answer.headers.get("retry-after"));
    if (after !== undefined) return after <= RETRY_AFTER_CAP_MS ? after : undefined;
    return status === 429 ? undefined : backoff(attempt);
  }
  return status >= 500 ? backoff(attempt) : undefined;
}

export function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Exponential backoff with jitter: between half and all of base * 2^(attempt-1), capped. */
export function backoff(attempt: number): number {
  return backoffDelay(attempt, { base: BACKOFF_BASE_MS, cap: BACKOFF_CAP_MS, jitter: true });
}

function buildUrl(baseUrl: string, path: string, query?: ProviderCall["query"]): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== "") search.set(key, String(value));
  }
  const qs = search.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ""}`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
