import "server-only";
import http from "node:http";
import https from "node:https";
import { getRequestContext, recordUpstreamCall } from "@/lib/http/request-context";
import { recordProviderCall } from "@/lib/metrics/registry";
import type { ProviderOperation } from "./errors";

/** One HTTP exchange with the provider, with no retry and no auth logic. */
type RawRequest = {
  /** What the call is for: the metrics count calls and their latency by operation. */
  operation: ProviderOperation;
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
 * Keep-alive connection pools, one per protocol. An idle connection is closed after 4 s (as
 * undici does), well before a provider's own keep-alive limit, so a request never goes out on a
 * socket the provider is closing.
 */
const agents = {
  "http:": new http.Agent({ keepAlive: true, timeout: 4_000 }),
  "https:": new https.Agent({ keepAlive: true, timeout: 4_000 }),
};

/**
 * Sends one request with Node's own HTTP client. Not `fetch`: inside Next.js every `fetch` is
 * patched (tracing, cache bookkeeping), its body is a web stream and its timeout an AbortSignal;
 * with fetch the app spent 3.27 ms of CPU per 47 kB list page, with this client 3.04 ms, all else
 * equal (bench/proxy-run.ts, 2026-11-24: 336 -> 365 req/s). The timeout is one timer for the
 * whole exchange, body included; redirects are not followed.
 */
export function sendOnce(req: RawRequest): Promise<RawAnswer> {
  const started = performance.now();
  const headers: Record<string, string> = { accept: "application/json", ...req.headers };
  const requestId = getRequestContext()?.requestId;
  if (requestId) headers["x-request-id"] = requestId;
  let body: Buffer | undefined;
  if (req.body !== undefined) {
    body = Buffer.from(JSON.stringify(req.body), "utf8");
    headers["content-type"] = "application/json";
    headers["content-length"] = String(body.length);
  }
  return new Promise<RawAnswer>((resolve, reject) => {
    let settled = false;
    const fail = (reason: "timeout" | "network", cause: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const durationMs = performance.now() - started;
      recordUpstreamCall(durationMs);
      recordProviderCall(req.operation, reason, durationMs / 1000);
      reject(new TransportFailure(reason, durationMs, cause));
    };
    const onAnswer = (res: http.IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", (err) => fail("network", err));
      res.on("aborted", () => fail("network", new Error("the answer was cut off")));
      res.on("end", () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const durationMs = performance.now() - started;
        recordUpstreamCall(durationMs);
        recordProviderCall(req.operation, String(res.statusCode ?? 0), durationMs / 1000);
        const { json, jsonError } = parseJson(Buffer.concat(chunks).toString("utf8"));
        resolve({ status: res.statusCode ?? 0, headers: toHeaders(res.headers), json, jsonError, durationMs });
      });
    };
    let outgoing: http.ClientRequest | undefined;
    const timer = setTimeout(() => {
      fail("timeout", new Error(`no complete answer within ${req.timeoutMs} ms`));
      outgoing?.destroy();
    }, req.timeoutMs);
    try {
      const url = new URL(req.url);
      const secure = url.protocol === "https:";
      outgoing = (secure ? https : http).request(url, { method: req.method, headers, agent: agents[secure ? "https:" : "http:"] }, onAnswer);
    } catch (err) {
      // A malformed URL or header value: nothing was sent.
      fail("network", err);
      return;
    }
    outgoing.on("error", (err) => fail("network", err));
    outgoing.end(body);
  });
}

function toHeaders(raw: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

function parseJson(text: string): { json: unknown; jsonError: string | undefined } {
  if (text.trim() === "") return { json: undefined, jsonError: "empty body" };
  try {
    return { json: JSON.parse(text), jsonError: undefined };
  } catch (err) {
    return { json: undefined, jsonError: `body is not JSON (${(err as Error).message})` };
  }
}
