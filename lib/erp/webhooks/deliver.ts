import "server-only";
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Db } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints, type WebhookDeliveryRow, type WebhookEndpointRow } from "@/lib/db/schema";
import { logLine } from "@/lib/http/logger";
import { DISABLE_AFTER_MS, nextAttemptAt } from "./retry";
import { pinnedPost, PrivateAddressError } from "./pinned-post";
import { refuseUrl, systemResolve, type ResolveAll, type UrlPolicy } from "./url-check";

export type DeliverDeps = {
  now: Date;
  policy: UrlPolicy;
  /** Names to addresses, for the check on save and the one at connect time (the system's by default). */
  resolve?: ResolveAll;
  /** How long a receiver may take to answer. */
  timeoutMs?: number;
  /** Deliveries claimed per call. */
  limit?: number;
};

/** A claim outlives any attempt (the timeout plus the writing of its result). */
const LEASE_MS = 120_000;
const EXCERPT_BYTES = 500;
const DEFAULT_TIMEOUT_MS = 10_000;

type Attempt = { status: number | null; excerpt: string | null; error: string | null; durationMs: number };

/**
 * Sends the deliveries that are due (to enabled endpoints), each signed per Standard Webhooks by
 * its library, and records every attempt. A 2xx answer delivers it; anything else (another
 * status, a redirect, no answer, a URL that now resolves to a private address) schedules the
 * next attempt (lib/erp/webhooks/retry.ts) with the same webhook-id. Claims are rows locked
 * with SKIP LOCKED and a lease, so several instances share the work and a dead one's claim lapses.
 * Returns how many it sent.
 */
export async function deliverDue(db: Db, deps: DeliverDeps): Promise<number> {
  const { now } = deps;
  const d = webhookDeliveries;
  const due = db
    .select({ id: d.id })
    .from(d)
    .where(
      and(
        eq(d.state, "pending"),
        lte(d.nextAttemptAt, now),
        or(isNull(d.leaseUntil), lt(d.leaseUntil, now)),
        inArray(d.endpointId, db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(and(eq(webhookEndpoints.enabled, true), isNull(webhookEndpoints.deletedAt)))),
      ),
    )
    .orderBy(asc(d.nextAttemptAt))
    .limit(deps.limit ?? 50)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(d)
    .set({ leaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(inArray(d.id, due))
    .returning();
  for (const delivery of claimed) {
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, delivery.endpointId));
    if (!endpoint) continue;
    const attempt = await send(endpoint, delivery, deps);
    await record(db, endpoint, delivery, attempt, now);
  }
  return claimed.length;
}

async function send(endpoint: WebhookEndpointRow, delivery: WebhookDeliveryRow, deps: DeliverDeps): Promise<Attempt> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const resolve = deps.resolve ?? systemResolve;
  const refusal = await refuseUrl(endpoint.url, deps.policy, resolve);
  if (refusal) return { status: null, excerpt: null, error: `url refused: ${refusal}`, durationMs: took() };
  const body = JSON.stringify(delivery.payload);
  const signature = new Webhook(endpoint.secret).sign(delivery.webhookId, deps.now, body);
  try {
    // Connected to an address checked at connect time (pinned-post.ts): a name that resolves elsewhere after the check above is refused too.
    const res = await pinnedPost(endpoint.url, {
      resolve,
      allowPrivate: deps.policy.allowPrivate,
      timeoutMs: deps.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      headers: {
        "content-type": "application/json",
        "user-agent": "pix-backoffice-webhooks",
        "webhook-id": delivery.webhookId,
        "webhook-timestamp": String(Math.floor(deps.now.getTime() / 1000)),
        "webhook-signature": signature,
      },
      body,
    });
    return { status: res.status, excerpt: await excerptOf(res.body), error: null, durationMs: took() };
  } catch (error) {
    if (error instanceof PrivateAddressError) return { status: null, excerpt: null, error: error.message, durationMs: took() };
    const name = (error as Error)?.name;
    return { status: null, excerpt: null, error: name === "TimeoutError" || name === "AbortError" ? "timeout" : String((error as Error)?.message ?? error).slice(0, 200), durationMs: took() };
  }
}

/** The first bytes of the answer, as text; the rest is never read. */
async function excerptOf(answer: NodeJS.ReadableStream & { destroy(): void }): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of answer) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    chunks.push(bytes);
    size += bytes.length;
    if (size >= EXCERPT_BYTES) break;
  }
  answer.destroy();
  const text = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString("utf8");
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, "") || null;
}

async function record(db: Db, endpoint: WebhookEndpointRow, delivery: WebhookDeliveryRow, a: Attempt, now: Date): Promise<void> {
  const ok = a.status !== null && a.status >= 200 && a.status < 300;
  const attempts = delivery.attempts + 1;
  const next = ok ? null : nextAttemptAt(attempts, now);
  await db.transaction(async (tx) => {
    await tx.insert(webhookDeliveryAttempts).values({ deliveryId: delivery.id, at: now, status: a.status, excerpt: a.excerpt, error: a.error, durationMs: a.durationMs });
    await tx
      .update(webhookDeliveries)
      .set({ state: ok ? "delivered" : next ? "pending" : "failed", attempts, nextAttemptAt: next, leaseUntil: null, lastStatus: a.status, ...(ok ? { deliveredAt: now } : {}) })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (ok) {
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
      return;
    }
    const [after] = await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning();
    if (after?.enabled && after.failingSince && now.getTime() - after.failingSince.getTime() >= DISABLE_AFTER_MS) {
      await tx.update(webhookEndpoints).set({ enabled: false, disabledAt: now, disabledReason: "failing", updatedAt: now }).where(eq(webhookEndpoints.id, endpoint.id));
      await recordAudit(
        { actor: null, action: "webhook_endpoint.disable", target: endpoint.id, outcome: "disabled", detail: { url: endpoint.url, failing_since: after.failingSince.toISOString(), last_status: a.status, last_error: a.error } },
        tx,
      );
      logLine("error", "webhook endpoint disabled after failing for days", { endpoint: endpoint.id, failing_since: after.failingSince.toISOString() });
    }
  });
}
