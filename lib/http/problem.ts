// Types only: the proxy builds its answers here and must not bundle zod for it.
import type { Problem, ProblemKind } from "@/lib/domain/errors";

/** RFC 9457's media type: every error answer of our API carries it. */
export const PROBLEM_MEDIA_TYPE = "application/problem+json";

/**
 * RFC 9457 problem details, the one shape of every error answer of our API. Pure (no request
 * context, no translator): route(), the method gate that runs before Next.js and the proxy all
 * build their answers here; the caller brings the text in the caller's language and the request id.
 */

/** The members a refusal may add to the problem's own. */
export type ProblemExtra = Partial<Omit<Problem, "type" | "title" | "status" | "detail" | "error" | "kind" | "request_id">>;

/** A stable URI per kind (RFC 9457 §3.1.1: a tag URI names a type without promising a page). */
export function problemType(kind: ProblemKind): string {
  return `tag:pix-backoffice,2026:problem:${kind}`;
}

/** RFC 9110's phrase of each error status we answer (the problem's `title`). */
const TITLES: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export function problemTitle(status: number): string {
  return TITLES[status] ?? (status >= 500 ? "Server Error" : "Client Error");
}

/** The kind a status means when whoever answered gave none (the sign-in layer's own errors). */
export function kindForStatus(status: number): ProblemKind {
  const byStatus: Readonly<Record<number, ProblemKind>> = {
    401: "unauthenticated",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    429: "rate_limited",
    502: "upstream_failure",
    504: "timeout",
  };
  return byStatus[status] ?? (status >= 500 ? "internal" : "validation");
}

export function problemBody(status: number, kind: ProblemKind, error: string, requestId: string, extra: ProblemExtra = {}): Problem {
  return { type: problemType(kind), title: problemTitle(status), status, detail: error, error, kind, ...extra, request_id: requestId };
}

/** The problem as an answer: `application/problem+json`, never cached. */
export function problemResponse(problem: Problem, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(problem), {
    status: problem.status,
    headers: { "content-type": PROBLEM_MEDIA_TYPE, "cache-control": "no-store", ...headers },
  });
}

/** `WWW-Authenticate` of a 401 (RFC 9110 §11.6.1): a session cookie or a service account's bearer token. */
export const WWW_AUTHENTICATE = 'Bearer realm="api", error="invalid_token"';
export const WWW_AUTHENTICATE_MISSING = 'Bearer realm="api"';
