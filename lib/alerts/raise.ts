import "server-only";
import { and, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { alerts, type AlertRow } from "@/lib/db/schema";
import type { AccountBalance } from "@/lib/payments-api";
import type { WebhookRegistration } from "@/lib/webhook-registration";
import { seeConditions, subjectKey, type Condition, type Scope, type Seen } from "./conditions";
import { planDeliveries, type PlannedDelivery } from "./deliveries";
import { ALERT_CHANNEL, type AlertChange } from "./live-channel";
import type { AlertPayload } from "./messages";
import { recipientsOf } from "./recipients";
import type { RuleConfig } from "./settings";
import { alertHref } from "./wording";

/**
 * Raising and resolving: the conditions the rules see now against the alerts that are live. A
 * condition without a live alert raises one (and decides its messages, in the same transaction);
 * a live alert whose condition ended resolves by itself; one whose condition still holds only has
 * its facts brought up to date (no new message). Runs under one transaction-level advisory lock,
 * so instances evaluating at the same moment take turns; the partial UNIQUE index on the key is
 * the store's own guarantee of one live alert per subject and condition.
 */
const ALERTS_LOCK = 7_341_033;

/** Where alerts go besides the bell; `false`: that channel is not configured (nothing is written for it). */
export type Channels = { email: boolean; webhook: boolean; appUrl: string };

export type Evaluation = { raised: AlertRow[]; resolved: AlertRow[]; deliveryIds: number[] };

export type EvaluateDeps = {
  now: Date;
  config: RuleConfig;
  portal: boolean;
  channels: Channels;
  /** Reads the provider's balance (global runs only); a failure leaves the balance rules as they are. */
  balance?: () => Promise<AccountBalance>;
  /** CASH_EXPECTED_IN_PERCENT (projected_shortfall). */
  expectedInPercent?: number;
  /** This instance's webhook registration (global runs only; lib/webhook-registration.ts). */
  registration?: () => WebhookRegistration | undefined;
};

/** Sees the conditions of `scope` and applies them. */
export async function evaluateAlerts(db: Db, scope: Scope, deps: EvaluateDeps): Promise<Evaluation> {
  const balance = scope.kind === "all" && deps.balance ? await deps.balance().catch(() => null) : undefined;
  const registration = scope.kind === "all" ? deps.registration?.() : undefined;
  const seen = await seeConditions({ db, now: deps.now, config: deps.config, portal: deps.portal, balance, registration, expectedInPercent: deps.expectedInPercent }, scope);
  return applyConditions(db, seen, scope, deps);
}

export async function applyConditions(db: Db, seen: Seen, scope: Scope, o: { now: Date; channels: Channels }): Promise<Evaluation> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ALERTS_LOCK})`);
    const live = seen.decided.size ? await tx.select().from(alerts).where(and(ne(alerts.state, "resolved"), inArray(alerts.rule, [...seen.decided]), liveScope(scope))) : [];
    const byKey = new Map(live.map((a) => [a.key, a]));
    const raised: AlertRow[] = [];
    for (const c of seen.conditions) {
      const existing = byKey.get(c.key);
      if (existing) {
        if (!sameFacts(existing.facts, c.facts)) {
          await tx.update(alerts).set({ facts: c.facts, updatedAt: o.now }).where(eq(alerts.id, existing.id));
        }
        continue;
      }
      const [row] = await tx
        .insert(alerts)
        .values({ rule: c.rule, key: c.key, subjectType: c.subject.type, subjectId: c.subject.id, ownerId: c.ownerId, facts: c.facts, state: "open", raisedAt: o.now, updatedAt: o.now })
        .onConflictDoNothing({ target: alerts.key, where: sql`${alerts.state} <> 'resolved'` })
        .returning();
      if (row) raised.push(row);
    }
    const current = new Set(seen.conditions.map((c) => c.key));
    const ended = live.filter((a) => !current.has(a.key) && !seen.undecided.has(subjectKey(a.subjectType as Condition["subject"]["type"], a.subjectId)));
    const resolved = ended.length
      ? await tx
          .update(alerts)
          .set({ state: "resolved", resolvedAt: o.now, resolvedById: null, resolvedByEmail: null, updatedAt: o.now })
          .where(and(inArray(alerts.id, ended.map((a) => a.id)), ne(alerts.state, "resolved")))
          .returning()
      : [];
    const deliveryIds = await planDeliveries(tx, await alertDeliveries(tx, raised, o.channels), o.now);
    await announceAlerts(tx, [...raised, ...resolved]);
    return { raised, resolved, deliveryIds };
  });
}

/** Facts as stored (jsonb orders keys its own way) against facts seen now. */
function sameFacts(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (JSON.stringify(a[k] ?? null) !== JSON.stringify(b[k] ?? null)) return false;
  return true;
}

function liveScope(scope: Scope): SQL | undefined {
  if (scope.kind === "transfer") return and(eq(alerts.subjectType, "transfer"), eq(alerts.subjectId, scope.id));
  if (scope.kind === "batch") return and(eq(alerts.subjectType, "batch"), eq(alerts.subjectId, scope.id));
  return undefined;
}

/** The webhook post and an e-mail to each admin who wants alerts, for each alert just raised. */
async function alertDeliveries(tx: Tx, raised: readonly AlertRow[], channels: Channels): Promise<PlannedDelivery[]> {
  if (!raised.length || (!channels.email && !channels.webhook)) return [];
  const admins = channels.email ? await recipientsOf(tx, "alerts") : [];
  return raised.flatMap((a) => {
    const payload: AlertPayload = {
      alert: {
        id: a.id,
        rule: a.rule,
        subject: { type: a.subjectType as AlertPayload["alert"]["subject"]["type"], id: a.subjectId },
        facts: a.facts,
        raised_at: a.raisedAt.toISOString(),
        href: alertHref(a.subjectType as AlertPayload["alert"]["subject"]["type"], a.subjectId),
      },
      app_url: channels.appUrl,
    };
    const out: PlannedDelivery[] = [];
    // The text line of the webhook is in the team's language (pt-BR): a channel has no one reader.
    if (channels.webhook) out.push({ key: `alert:${a.id}:webhook`, channel: "webhook", kind: "alert", alertId: a.id, address: "webhook", locale: "pt-BR", payload });
    for (const r of admins) {
      out.push({ key: `alert:${a.id}:email:${r.id}`, channel: "email", kind: "alert", alertId: a.id, recipientId: r.id, address: r.email, locale: r.locale, payload });
    }
    return out;
  });
}

/** Tells every instance's bells (on commit) that these alerts changed. */
export async function announceAlerts(tx: Tx, rows: readonly AlertRow[]): Promise<void> {
  if (!rows.length) return;
  const change: AlertChange = { ids: rows.map((r) => r.id), owners: [...new Set(rows.map((r) => r.ownerId))] };
  await tx.execute(sql`select pg_notify(${ALERT_CHANNEL}, ${JSON.stringify(change)})`);
}
