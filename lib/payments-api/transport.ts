import "server-only";
import { getRequestContext, recordUpstreamCall } from "@/lib/http/request-context";

/** One HTTP exchange with the provider, with no retry and no auth logic. */
type RawRequest = {
  method: "GET" | "POST" | "DELETE";
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
};

export type RawAnswer = {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined when the body is not JSON (see `jsonError`). */
  json: unknown;
  jsonError: string | undefined;
  durationMs: number;
};

/** No HTTP answer at all: the call timed out or the connection failed. */
export class TransportFailure extends Error {
  constructor(
    readonly reason: "timeout" | "network",
    readonly durationMs: number,
    cause: unknown,
  ) {
    super(reason === "timeout" ? "The payments provider did not answer in time" : "Could not reach the payments provider", { cause });
    this.name = "TransportFailure";
  }
}

/**
 * Sends one request with `fetch`. The timeout covers the whole exchange, body included (the
 * signal also aborts reading it); redirects are not followed and nothing is cached.
 */
export async function sendOnce(req: RawRequest): Promise<RawAnswer> {
  const started = performance.now();
  const headers: Record<string, string> = { accept: "application/json", ...req.headers };
  const requestId = getRequestContext()?.requestId;
  if (requestId) headers["x-request-id"] = requestId;
  let body: string | undefined;
  if (req.body !== undefined) {
    body = JSON.stringify(req.body);
    headers["content-type"] = "application/json";
  }
  const signal = AbortSignal.timeout(req.timeoutMs);
  try {
    const res = await fetch(req.url, { method: req.method, headers, body, signal, cache: "no-store", redirect: "manual" });
    const text = await res.text();
    const durationMs = performance.now() - started;
    recordUpstreamCall(durationMs);
    return { status: res.status, headers: res.headers, ...parseJson(text), durationMs };
  } catch (err) {
    const durationMs = performance.now() - started;
    recordUpstreamCall(durationMs);
    // A refused connection, a cut-off answer, a malformed URL or header value: network.
    throw new TransportFailure(signal.aborted ? "timeout" : "network", durationMs, err);
  }
}

function parseJson(text: string): { json: unknown; jsonError: string | undefined } {
  if (text.trim() === "") return { json: undefined, jsonError: "empty body" };
  try {
    return { json: JSON.parse(text), jsonError: undefined };
  } catch (err) {
    return { json: undefined, jsonError: `body is not JSON (${(err as Error).message})` };
  }
}
