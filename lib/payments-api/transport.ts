import "server-only";
import { getRequestContext, recordUpstreamCall } from "@/lib/http/request-context";

/** One HTTP exchange with the provider, with no retry and no auth logic. */
export type RawRequest = {
  method: "GET" | "POST";
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
 * Sends one request. Node's global fetch (undici) keeps connections alive and reuses them
 * between calls, so there is no agent to manage here. The timeout covers the body as well.
 */
export async function sendOnce(req: RawRequest): Promise<RawAnswer> {
  const started = performance.now();
  const headers: Record<string, string> = { accept: "application/json", ...req.headers };
  const requestId = getRequestContext()?.requestId;
  if (requestId) headers["x-request-id"] = requestId;
  let init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers,
    cache: "no-store",
    redirect: "error",
    signal: AbortSignal.timeout(req.timeoutMs),
  };
  if (req.body !== undefined) {
    headers["content-type"] = "application/json";
    init = { ...init, body: JSON.stringify(req.body) };
  }
  try {
    const response = await globalThis.fetch(req.url, init);
    const text = await response.text();
    const durationMs = performance.now() - started;
    recordUpstreamCall(durationMs);
    const { json, jsonError } = parseJson(text);
    return { status: response.status, headers: response.headers, json, jsonError, durationMs };
  } catch (err) {
    const durationMs = performance.now() - started;
    recordUpstreamCall(durationMs);
    throw new TransportFailure(isTimeout(err) ? "timeout" : "network", durationMs, err);
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

function isTimeout(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return name === "TimeoutError" || name === "AbortError";
}
