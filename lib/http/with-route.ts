import "server-only";
import { isPaymentsApiError } from "@/lib/payments-api";
import { requestLocale } from "@/lib/i18n/server";
import { recordHttpRequest } from "@/lib/metrics/registry";
import { ANSWER_CHECKS, answerProblem, type Answers } from "./answers";
import { jsonError, toErrorResponse } from "./errors";
import { logLine } from "./logger";
import { runWithRequestContext, type RequestContext } from "./request-context";
import { requestIdFrom } from "./request-id";

export type RouteHandler<C> = (request: Request, context: C) => Promise<Response>;

/**
 * Wraps a route handler: catches everything (the answer is always JSON, never an HTML error
 * page or a stack), tags the answer with x-request-id, counts it in the metrics and writes ONE
 * structured log line per request: route, method, status, duration_ms, upstream_ms, request id.
 * That line is `debug` (a client's 4xx is the client's business, not a warning), `error` for a
 * 5xx. Query strings are not logged (they can carry documents and names); credentials are
 * redacted by the logger.
 */
export function withRoute<C>(name: string, handler: RouteHandler<C>, declared?: { answers: Answers }): RouteHandler<C> {
  return async (request, context) => {
    const started = performance.now();
    const ctx: RequestContext = {
      requestId: requestIdFrom(request.headers),
      upstreamMs: 0,
      upstreamCalls: 0,
      locale: requestLocale(request),
    };
    return runWithRequestContext(ctx, async () => {
      let response: Response;
      let failure: unknown;
      try {
        response = await handler(request, context);
      } catch (err) {
        failure = err;
        response = toErrorResponse(err);
      }
      if (declared && ANSWER_CHECKS) {
        const problem = await answerProblem(declared.answers, response);
        if (problem) {
          failure = new Error(`${name} answered what it does not declare: ${problem}`);
          response = jsonError(500, (failure as Error).message, { kind: "internal" });
        }
      }
      if (!response.headers.has("x-request-id")) {
        try {
          response.headers.set("x-request-id", ctx.requestId);
        } catch {
          // Immutable headers (a Response.redirect): the id is in the log line anyway.
        }
      }
      const status = response.status;
      const durationMs = performance.now() - started;
      recordHttpRequest(name, status, durationMs / 1000);
      logLine(status >= 500 ? "error" : "debug", "request", {
        route: name,
        method: request.method,
        path: safePath(request.url),
        status,
        duration_ms: round(durationMs),
        upstream_ms: round(ctx.upstreamMs),
        upstream_calls: ctx.upstreamCalls,
        request_id: ctx.requestId,
        ...(ctx.userId ? { user_id: ctx.userId } : {}),
        ...(failure !== undefined ? { error: describeFailure(failure, status) } : {}),
      });
      return response;
    });
  };
}

function describeFailure(err: unknown, status: number): unknown {
  if (isPaymentsApiError(err)) {
    return { kind: err.kind, operation: err.operation, upstream_status: err.status, message: err.message };
  }
  // Unexpected failures: the stack goes to the server log, never to the client.
  return status >= 500 ? err : { message: (err as Error)?.message };
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return "?";
  }
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
