import "server-only";
import { and, eq, gte, inArray, isNotNull, isNull, lte, max, or, sql, sum, count, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { batches, charges, reconciliationFindings, transferRequests, webhookEndpoints, webhookEvents, type TransferRequestRow } from "@/lib/db/schema";
import type { AccountBalance } from "@/lib/payments-api";
import { brazilDayKey } from "@/lib/pix";
import { incomingItems } from "@/lib/cash/incoming";
import { outgoingItems } from "@/lib/cash/outgoing";
import { calendar, projectCash } from "@/lib/cash/projection";
import { attentionCondition, attentionOf } from "@/lib/transfers/attention";
import type { WebhookRegistration } from "@/lib/webhook-registration";
import type { RuleConfig } from "./settings";
import { RULE_SPECS, type AlertRule } from "./rules";
import type { AlertFacts, AlertSubjectType } from "./types";
import { chargeAging } from "@/lib/charges/aging";

/**
 * What each rule sees now: the conditions that hold (one per subject and condition), computed
 * from the store (and the provider's balance). "Needs attention" is lib/transfers/attention.ts's
 * rule, used as it is; this file never restates it.
 */
export type Condition = {
  rule: AlertRule;
  /** rule:subject_type:subject_id[:condition]: one live alert per key. */
  key: string;
  subject: { type: AlertSubjectType; id: string };
  /** The maker (operators see alerts about their own transfers); null: the whole back office. */
  ownerId: string | null;
  facts: AlertFacts;
};

/** Everything, or one transfer, or one batch (its rows together). */
export type Scope = { kind: "all" } | { kind: "transfer"; id: string } | { kind: "batch"; id: string };

export type Seen = {
  conditions: Condition[];
  /** Rules whose answer is known: their live alerts without a condition now are resolved. */
  decided: Set<AlertRule>;
  /** Subjects caught between two steps (a read-back in progress): their alerts are left as they are. */
  undecided: Set<string>;
};

type Context = {
  db: Db;
  now: Date;
  config: RuleConfig;
  /** PROVIDER_AUTHORIZATION=portal: a payment waiting for authorization is authorized in the portal. */
  portal: boolean;
  /** The provider's balance, or null when it could not be read (the balance rules wait), undefined: not asked. */
  balance?: AccountBalance | null;
  /** CASH_EXPECTED_IN_PERCENT: the share of charges due that the cash projection counts (100 when not said). */
  expectedInPercent?: number;
  /** This instance's webhook registration; undefined: it never started here (the rule waits). */
  registration?: WebhookRegistration;
};

/** How far ahead projected_shortfall looks: the cash page's default span. */
export const SHORTFALL_HORIZON_DAYS = 30;

/** Rows read per rule and run; a larger backlog is seen at the next run. */
const MAX_ROWS = 10_000;
const HOUR = 3_600_000;

export const subjectKey = (type: AlertSubjectType, id: string) => `${type}:${id}`;

export async function seeConditions(ctx: Context, scope: Scope): Promise<Seen> {
  const seen: Seen = { conditions: [], decided: new Set(), undecided: new Set() };
  const on = (rule: AlertRule) => ctx.config[rule].enabled;
  for (const rule of Object.keys(RULE_SPECS) as AlertRule[]) {
    if (RULE_SPECS[rule].scope === "subject" || scope.kind === "all") seen.decided.add(rule);
  }
  const where = scopeWhere(scope);
  seen.conditions.push(...(await attentionConditions(ctx, where, on)));
  seen.conditions.push(...(await approvalConditions(ctx, where, on)));
  for (const row of await ctx.db.select({ id: transferRequests.id, batchId: transferRequests.batchId }).from(transferRequests).where(and(eq(transferRequests.state, "submitting"), where))) {
    seen.undecided.add(row.batchId ? subjectKey("batch", row.batchId) : subjectKey("transfer", row.id));
  }
  if (scope.kind !== "all") return seen;

  if (on("reconciliation_finding")) seen.conditions.push(...(await findingConditions(ctx.db)));
  if (ctx.balance === undefined || ctx.balance === null) {
    seen.decided.delete("balance_low");
    seen.decided.delete("balance_short");
    seen.decided.delete("projected_shortfall");
  } else {
    seen.conditions.push(...(await balanceConditions(ctx, ctx.balance, on)));
    if (on("projected_shortfall")) seen.conditions.push(...(await shortfallConditions(ctx, ctx.balance)));
  }
  if (on("webhooks_silent")) seen.conditions.push(...(await silenceConditions(ctx)));
  if (!ctx.registration) seen.decided.delete("webhooks_unregistered");
  else if (on("webhooks_unregistered")) seen.conditions.push(...registrationConditions(ctx, ctx.registration));
  if (on("failure_spike")) seen.conditions.push(...(await spikeConditions(ctx)));
  if (on("charge_paid_after_withdrawal")) seen.conditions.push(...(await chargeConditions(ctx)));
  if (on("charges_overdue")) seen.conditions.push(...(await overdueChargeConditions(ctx)));
  if (on("erp_endpoint_disabled")) seen.conditions.push(...(await disabledEndpointConditions(ctx)));
  return seen;
}

function scopeWhere(scope: Scope): SQL | undefined {
  if (scope.kind === "transfer") return eq(transferRequests.id, scope.id);
  if (scope.kind === "batch") return eq(transferRequests.batchId, scope.id);
  return undefined;
}

/** Transfers and batch rows that need attention: not paid (or unknown), or registered and late. */
async function attentionConditions(ctx: Context, where: SQL | undefined, on: (r: AlertRule) => boolean): Promise<Condition[]> {
  if (!on("transfer_not_paid") && !on("transfer_not_final")) return [];
  const minutes = ctx.config.transfer_not_final.threshold ?? 30;
  const rows = await ctx.db.select().from(transferRequests).where(and(attentionCondition(ctx.now, minutes), where)).limit(MAX_ROWS);
  const found = rows.flatMap((row) => {
    const reason = attentionOf(row, ctx.now, minutes, ctx.portal);
    if (!reason) return [];
    const rule: AlertRule = reason === "not_final" ? "transfer_not_final" : "transfer_not_paid";
    return on(rule) ? [{ row, rule, reason, extra: rule === "transfer_not_final" ? { minutes } : {} }] : [];
  });
  return grouped(ctx.db, found);
}

/** Waiting for approval for more than N hours, or expiring within M hours. */
async function approvalConditions(ctx: Context, where: SQL | undefined, on: (r: AlertRule) => boolean): Promise<Condition[]> {
  const waitingHours = ctx.config.approval_waiting.threshold ?? 4;
  const expiringHours = ctx.config.approval_expiring.threshold ?? 2;
  const waitedSince = new Date(ctx.now.getTime() - waitingHours * HOUR);
  const expiresBy = new Date(ctx.now.getTime() + expiringHours * HOUR);
  const late: SQL[] = [];
  if (on("approval_waiting")) late.push(lte(transferRequests.createdAt, waitedSince));
  if (on("approval_expiring")) late.push(and(isNotNull(transferRequests.expiresAt), lte(transferRequests.expiresAt, expiresBy))!);
  if (!late.length) return [];
  const t = transferRequests;
  const rows = await ctx.db.select().from(t).where(and(eq(t.state, "awaiting_approval"), or(...late), where)).limit(MAX_ROWS);
  const found = rows.flatMap((row) => {
    const out: Found[] = [];
    if (on("approval_waiting") && row.createdAt <= waitedSince) out.push({ row, rule: "approval_waiting", reason: null, extra: { hours: waitingHours } });
    if (on("approval_expiring") && row.expiresAt && row.expiresAt <= expiresBy) {
      out.push({ row, rule: "approval_expiring", reason: null, extra: { hours: expiringHours, expires_at: row.expiresAt.toISOString() } });
    }
    return out;
  });
  return grouped(ctx.db, found);
}

type Found = { row: TransferRequestRow; rule: AlertRule; reason: string | null; extra: AlertFacts };

/**
 * One condition per transfer, and one per batch for its rows (a 5,000-row batch the provider
 * refused is one alert that counts its rows, not 5,000 alerts and 5,000 e-mails).
 */
async function grouped(db: Db, found: Found[]): Promise<Condition[]> {
  const out: Condition[] = [];
  const byBatch = new Map<string, { first: Found; rows: number; cents: number; expires: string | null }>();
  for (const f of found) {
    const suffix = f.reason ? `:${f.reason}` : "";
    if (!f.row.batchId) {
      out.push({
        rule: f.rule,
        key: `${f.rule}:transfer:${f.row.id}${suffix}`,
        subject: { type: "transfer", id: f.row.id },
        ownerId: f.row.makerId,
        facts: {
          ...(f.reason ? { reason: f.reason } : {}),
          value_cents: f.row.valueCents,
          receiver_name: f.row.receiverName,
          idempotent_id: f.row.idempotentId,
          maker_email: f.row.makerEmail,
          ...f.extra,
        },
      });
      continue;
    }
    const key = `${f.rule}:batch:${f.row.batchId}${suffix}`;
    const group = byBatch.get(key) ?? { first: f, rows: 0, cents: 0, expires: null };
    group.rows += 1;
    group.cents += f.row.valueCents;
    const expires = typeof f.extra.expires_at === "string" ? f.extra.expires_at : null;
    if (expires && (!group.expires || expires < group.expires)) group.expires = expires;
    byBatch.set(key, group);
  }
  const batchIds = [...new Set([...byBatch.values()].map((g) => g.first.row.batchId!))];
  const names = new Map(
    batchIds.length ? (await db.select({ id: batches.id, name: batches.fileName }).from(batches).where(inArray(batches.id, batchIds))).map((b) => [b.id, b.name]) : [],
  );
  for (const [key, g] of byBatch) {
    const f = g.first;
    out.push({
      rule: f.rule,
      key,
      subject: { type: "batch", id: f.row.batchId! },
      ownerId: f.row.makerId,
      facts: {
        ...(f.reason ? { reason: f.reason } : {}),
        ...f.extra,
        ...(g.expires ? { expires_at: g.expires } : {}),
        rows: g.rows,
        value_cents: g.cents,
        maker_email: f.row.makerEmail,
        file_name: names.get(f.row.batchId!) ?? null,
      },
    });
  }
  return out;
}

async function findingConditions(db: Db): Promise<Condition[]> {
  const rows = await db.select().from(reconciliationFindings).where(eq(reconciliationFindings.state, "open")).limit(MAX_ROWS);
  return rows.map((f) => ({
    rule: "reconciliation_finding" as const,
    key: `reconciliation_finding:finding:${f.id}`,
    subject: { type: "finding" as const, id: String(f.id) },
    ownerId: null,
    facts: { finding_kind: f.kind, idempotent_id: f.idempotentId, provider_status: f.providerStatus, ...(f.valueCents !== null ? { value_cents: f.valueCents } : {}) },
  }));
}

/** Below the threshold; below what is approved and waiting to go today (it would be refused for funds). */
async function balanceConditions(ctx: Context, balance: AccountBalance, on: (r: AlertRule) => boolean): Promise<Condition[]> {
  const out: Condition[] = [];
  const subject = { type: "account" as const, id: "provider" };
  const threshold = ctx.config.balance_low.threshold ?? 0;
  if (on("balance_low") && balance.availableCents < threshold) {
    out.push({ rule: "balance_low", key: "balance_low:account:provider", subject, ownerId: null, facts: { balance_cents: balance.availableCents, threshold } });
  }
  if (on("balance_short")) {
    const [row] = await ctx.db
      .select({ cents: sum(transferRequests.valueCents) })
      .from(transferRequests)
      .where(
        or(
          inArray(transferRequests.state, ["approved", "submitting"]),
          // Scheduled for today (Brazil's day) or a day already passed: it goes out today.
          and(eq(transferRequests.state, "scheduled"), lte(transferRequests.scheduledFor, brazilDayKey(ctx.now))),
        ),
      );
    const committed = Number(row?.cents ?? 0);
    if (committed > 0 && balance.availableCents < committed) {
      out.push({ rule: "balance_short", key: "balance_short:account:provider", subject, ownerId: null, facts: { balance_cents: balance.availableCents, committed_cents: committed } });
    }
  }
  return out;
}

/**
 * Each day of the next SHORTFALL_HORIZON_DAYS that sends more than the cash position projects it
 * will have (lib/cash: today's balance, what is scheduled, the expected share of charges due):
 * one alert per day, resolved by itself once the projection recovers.
 */
async function shortfallConditions(ctx: Context, balance: AccountBalance): Promise<Condition[]> {
  const today = brazilDayKey(ctx.now);
  const last = calendar(today, SHORTFALL_HORIZON_DAYS).at(-1)!;
  const [outgoing, incoming] = await Promise.all([outgoingItems(ctx.db, today, last), incomingItems(ctx.db, last)]);
  const { shortfalls } = projectCash({ today, days: SHORTFALL_HORIZON_DAYS, availableCents: balance.availableCents, outgoing, incoming, expectedInPercent: ctx.expectedInPercent ?? 100 });
  return shortfalls.map((s) => ({
    rule: "projected_shortfall" as const,
    key: `projected_shortfall:cash:${s.date}`,
    subject: { type: "cash" as const, id: s.date },
    ownerId: null,
    facts: { day: s.date, missing_cents: s.missing_cents, balance_cents: balance.availableCents },
  }));
}

/**
 * No payment notification for N minutes while ours wait for one: transfers registered at least N
 * minutes ago (within a day) with no accepted notification since they were registered, and none
 * at all in the last N minutes.
 */
/** The company's webhook endpoints disabled after failing for days (lib/erp/webhooks/deliver.ts); enabled again, the alert resolves. */
async function disabledEndpointConditions(ctx: Context): Promise<Condition[]> {
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

async function silenceConditions(ctx: Context): Promise<Condition[]> {
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
function registrationConditions(ctx: Context, registration: WebhookRegistration): Condition[] {
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

/** Refused by the provider or canceled by it, in the last hour, above N. */
async function spikeConditions(ctx: Context): Promise<Condition[]> {
  const threshold = ctx.config.failure_spike.threshold ?? 5;
  const t = transferRequests;
  const [row] = await ctx.db
    .select({ n: count() })
    .from(t)
    .where(and(inArray(t.state, ["refused", "provider_canceled"]), gte(t.settledAt, new Date(ctx.now.getTime() - HOUR))));
  const n = Number(row?.n ?? 0);
  if (n <= threshold) return [];
  return [
    { rule: "failure_spike", key: "failure_spike:transfers:last_hour", subject: { type: "transfers", id: "last_hour" }, ownerId: null, facts: { count: n, threshold } },
  ];
}

/** At least N charges unpaid after their due date (lib/charges/aging.ts's rule, the figure on /charges): one alert for them all. */
async function overdueChargeConditions(ctx: Context): Promise<Condition[]> {
  const threshold = ctx.config.charges_overdue.threshold ?? 1;
  const { overdue } = await chargeAging(ctx.db, ctx.now);
  if (overdue.count < threshold) return [];
  return [
    {
      rule: "charges_overdue",
      key: "charges_overdue:charges:overdue",
      subject: { type: "charges", id: "overdue" },
      ownerId: null,
      facts: { count: overdue.count, value_cents: overdue.value_cents, ...(overdue.oldest_due_date ? { day: overdue.oldest_due_date } : {}), threshold },
    },
  ];
}

/** How long a charge paid after it was withdrawn stays an alert (it is resolved by hand before that, or lapses). */
const CHARGE_ATTENTION_DAYS = 30;

/** Charges paid after a person withdrew them (lib/charges: `attention = 'paid_after_withdrawal'`), paid in the last 30 days. */
async function chargeConditions(ctx: Context): Promise<Condition[]> {
  const since = new Date(ctx.now.getTime() - CHARGE_ATTENTION_DAYS * 24 * HOUR);
  const rows = await ctx.db
    .select()
    .from(charges)
    .where(and(eq(charges.attention, "paid_after_withdrawal"), gte(charges.paidAt, since)))
    .limit(MAX_ROWS);
  return rows.map((c) => ({
    rule: "charge_paid_after_withdrawal" as const,
    key: `charge_paid_after_withdrawal:charge:${c.id}`,
    subject: { type: "charge" as const, id: c.id },
    ownerId: null,
    facts: { value_cents: c.paidValueCents ?? c.valueCents, payer_name: c.payerName, external_reference: c.externalReference },
  }));
}
