import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Locale } from "@/lib/i18n/config";

/**
 * Per-request facts collected while a route handler runs: its id (sent upstream as x-request-id,
 * written on its audit rows), for its one log line. No i18n import here: the users CLI reaches
 * this module through the audit log and must load no i18n code.
 */
export type RequestContext = {
  requestId: string;
  upstreamMs: number;
  upstreamCalls: number;
  /** Set by handlers once the user is known (id only, never the session). */
  userId?: string;
  /** The caller's language: error answers are written in it. */
  locale?: Locale;
};

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function getRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Called by the provider client after each upstream attempt. */
export function recordUpstreamCall(durationMs: number): void {
  const ctx = storage.getStore();
  if (!ctx) return;
  ctx.upstreamMs += durationMs;
  ctx.upstreamCalls += 1;
}

/** Notes who made the request, for the log line (the id only). */
export function setRequestUser(userId: string): void {
  const ctx = storage.getStore();
  if (ctx) ctx.userId = userId;
}
