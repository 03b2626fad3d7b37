import "server-only";
import { and, eq, gte, inArray, isNotNull, lte, or, sum, count, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { batches, reconciliationFindings, transferRequests, type TransferRequestRow } from "@/lib/db/schema";
import type { AccountBalance } from "@/lib/payments-api";
import { brazilDayKey } from "@/lib/pix";
import { attentionCondition, attentionOf } from "@/lib/transfers/server/attention";
import { HOUR, MAX_ROWS, subjectKey, type Condition, type ConditionContext, type Scope, type Seen } from "./condition-types";
import { chargeConditions, overdueChargeConditions, shortfallConditions } from "./money-in-conditions";
import { disabledEndpointConditions, registrationConditions, silenceConditions } from "./webhook-conditions";
import { RULE_SPECS, type AlertRule } from "./rules";
import type { AlertFacts } from "./types";

export { subjectKey, type Condition, type Scope, type Seen } from "./condition-types";

export async function seeConditions(ctx: ConditionContext, scope: Scope): Promise<Seen> {
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
async function attentionConditions(ctx: ConditionContext, where: SQL | undefined, on: (r: AlertRule) => boolean): Promise<Condition[]> {
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
async function approvalConditions(ctx: ConditionContext, where: SQL | undefined, on: (r: AlertRule) => boolean): Promise<Condition[]> {
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
async function balanceConditions(ctx: ConditionContext, balance: AccountBalance, on: (r: AlertRule) => boolean): Promise<Condition[]> {
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





/** Refused by the provider or canceled by it, in the last hour, above N. */
async function spikeConditions(ctx: ConditionContext): Promise<Condition[]> {
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



