import "server-only";
import { and, count, eq, gte, isNotNull, isNull, lte, max, sql } from "drizzle-orm";
import { transferRequests, webhookEndpoints, webhookEvents } from "@/lib/db/schema";
import type { WebhookRegistration } from "@/lib/webhook-registration";
import { HOUR, MAX_ROWS, type Condition, type ConditionContext } from "./condition-types";

/** The rules about webhooks: the provider's that stopped arriving, ours not registered, the company's endpoints disabled. */

/**
 * No payment notification for N minutes while ours wait for one: transfers registered at least N
 * minutes ago (within a day) with no accepted notification since they were registered, and none
 * at all in the last N minutes.
 */
export async function silenceConditions(ctx: ConditionContext): Promise<Condition[]> {
  const minutes = ctx.config.webhooks_silent.threshold ?? 30;
  const quietSince = new Date(ctx.now.getTime() - minutes * 60_000);
  const [last] = await ctx.db
    .select({ at: max(webhookEvents.receivedAt) })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.result, "accepted"), eq(webhookEvents.kind, "payment")));
  const lastAt = last?.at ? new Date(last.at) : null;
  if (lastAt && lastAt > quietSince) return [];
  const t = transferRequests;
  const [waiting] = await ctx.db
    .select({ n: count() })
    .from(t)
    .where(
      and(
        isNotNull(t.registeredAt),
        gte(t.registeredAt, new Date(ctx.now.getTime() - 24 * HOUR)),
        lte(t.registeredAt, quietSince),
        sql`not exists (select 1 from ${webhookEvents} w where w.idempotent_id = ${t.idempotentId} and w.result = 'accepted' and w.received_at >= ${t.registeredAt})`,
      ),
    );
  const n = Number(waiting?.n ?? 0);
  if (n === 0) return [];
  return [
    {
      rule: "webhooks_silent",
      key: "webhooks_silent:webhooks:provider",
      subject: { type: "webhooks", id: "provider" },
      ownerId: null,
      facts: { minutes, count: n, last_webhook_at: lastAt?.toISOString() ?? null },
    },
  ];
}

/**
 * Our webhook receiver not registered with the provider for N minutes: this instance has been
 * retrying since it started. An instance whose registration held resolves it (the provider keeps
 * one registration for our URL, whoever made it).
 */
export function registrationConditions(ctx: ConditionContext, registration: WebhookRegistration): Condition[] {
  const minutes = ctx.config.webhooks_unregistered.threshold ?? 5;
  if (registration.status === "registered") return [];
  if (ctx.now.getTime() - registration.since.getTime() < minutes * 60_000) return [];
  return [
    {
      rule: "webhooks_unregistered",
      key: "webhooks_unregistered:webhooks:registration",
      subject: { type: "webhooks", id: "registration" },
      ownerId: null,
      facts: { minutes, count: registration.attempts },
    },
  ];
}

/** The company's webhook endpoints disabled after failing for days (lib/erp/webhooks/deliver.ts); enabled again, the alert resolves. */
export async function disabledEndpointConditions(ctx: ConditionContext): Promise<Condition[]> {
  const e = webhookEndpoints;
  const rows = await ctx.db.select().from(e).where(and(eq(e.enabled, false), eq(e.disabledReason, "failing"), isNull(e.deletedAt))).limit(MAX_ROWS);
  return rows.map((row) => ({
    rule: "erp_endpoint_disabled" as const,
    key: `erp_endpoint_disabled:webhook_endpoint:${row.id}`,
    subject: { type: "webhook_endpoint" as const, id: row.id },
    ownerId: null,
    facts: { endpoint_url: row.url, last_webhook_at: row.disabledAt?.toISOString() ?? null },
  }));
}
