import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { logLine } from "@/lib/http/logger";
import { checkProviderToken } from "@/lib/payments-api";
import { QUEUE_SUBMIT } from "@/lib/transfers/server/queue";
import { startedTransferQueue } from "@/lib/transfers/server/runtime";
import { webhookRegistration } from "@/lib/webhook-registration";

/**
 * GET /api/ready: may this instance take traffic? Its store answers, its job queue is started
 * and answers, and the provider gives it an access token. (GET /api/health is liveness and the
 * provider's reachability.) A check that hangs fails after CHECK_TIMEOUT_MS: a load balancer's
 * probe wants an answer, not a wait.
 *
 * `degraded` (still 200: the instance serves people and the reconciler follows payments) while its
 * webhook receiver is not registered with the provider yet: the registration is retried in the
 * background (lib/webhook-registration.ts) and the webhooks check says why and when it tries next.
 */
export type Check = { ok: boolean; ms: number; error?: string };
export type Readiness = { status: "ready" | "degraded" | "not_ready"; checks: { store: Check; queue: Check; provider: Check; webhooks: Check } };

const CHECK_TIMEOUT_MS = 3_000;

/**
 * Runs one check. What went wrong is logged; the unauthenticated answer says only which check
 * failed in plain words (a driver's message can name hosts and ports).
 */
async function timed(name: string, work: () => Promise<{ ok: true } | { ok: false; error: string }>): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<{ ok: false; error: string }>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, error: `no answer within ${CHECK_TIMEOUT_MS} ms` }), CHECK_TIMEOUT_MS);
    timer.unref();
  });
  const outcome = await Promise.race([
    work().catch((error: unknown) => {
      logLine("warn", "readiness check failed", { check: name, error });
      return { ok: false as const, error: `the ${name} check failed (see the server log)` };
    }),
    late,
  ]);
  clearTimeout(timer);
  return { ...outcome, ms: Math.round((performance.now() - started) * 10) / 10 };
}

async function checkStore() {
  await (await getDb()).execute(sql`select 1`);
  return { ok: true as const };
}

async function checkQueue() {
  const queue = await startedTransferQueue();
  if (!queue) return { ok: false as const, error: "the job queue is not started" };
  await queue.boss.getQueueSize(QUEUE_SUBMIT);
  return { ok: true as const };
}

/** This instance's webhook registration, as lib/webhook-registration.ts last saw it (no provider call). */
function checkWebhooks(): Check {
  const state = webhookRegistration();
  if (!state) return { ok: false, ms: 0, error: "the webhook registration has not started (no server start in this process)" };
  if (state.status === "registered") return { ok: true, ms: 0 };
  return {
    ok: false,
    ms: 0,
    error: `the webhook receiver is not registered with the provider yet (${state.attempts} ${state.attempts === 1 ? "attempt" : "attempts"}, last: ${state.lastError}; next at ${state.nextAttemptAt.toISOString()}); payments are followed by the reconciler meanwhile`,
  };
}

export async function checkReadiness(): Promise<Readiness> {
  const [store, queue, provider] = await Promise.all([timed("store", checkStore), timed("queue", checkQueue), timed("provider", checkProviderToken)]);
  const webhooks = checkWebhooks();
  const serving = store.ok && queue.ok && provider.ok;
  return { status: !serving ? "not_ready" : webhooks.ok ? "ready" : "degraded", checks: { store, queue, provider, webhooks } };
}
