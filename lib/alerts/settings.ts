import "server-only";
import type { Db } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { alertRuleSettings } from "@/lib/db/schema";
import type { AlertSettingsInput } from "./settings-schema";
import { ALERT_RULES, RULE_SPECS, type AlertRule } from "./rules";
import type { RuleSetting } from "./types";

/** The threshold and switch of each rule, as the rules read them. */
export type RuleConfig = Record<AlertRule, { enabled: boolean; threshold: number | null }>;

/** A rule's default threshold (`transfer_not_final`: the ATTENTION_AFTER_MINUTES in force). */
export function defaultThreshold(rule: AlertRule, attentionAfterMinutes: number): number | null {
  const fallback = RULE_SPECS[rule].fallback;
  return fallback === "attention" ? attentionAfterMinutes : fallback;
}

/** Every rule with its setting in force: the stored one, or on with its default. */
export async function getAlertSettings(db: Db, attentionAfterMinutes: number): Promise<RuleSetting[]> {
  const stored = new Map((await db.select().from(alertRuleSettings)).map((r) => [r.rule, r]));
  return ALERT_RULES.map((rule) => {
    const spec = RULE_SPECS[rule];
    const row = stored.get(rule);
    const fallback = defaultThreshold(rule, attentionAfterMinutes);
    return {
      rule,
      enabled: row?.enabled ?? true,
      threshold: spec.unit === null ? null : (row?.threshold ?? fallback),
      default_threshold: fallback,
      unit: spec.unit,
      min: spec.min,
      max: spec.max,
      changed_by: row?.changedByEmail ?? null,
      changed_at: row?.changedAt.toISOString() ?? null,
    };
  });
}

export function ruleConfigOf(settings: readonly RuleSetting[]): RuleConfig {
  return Object.fromEntries(settings.map((s) => [s.rule, { enabled: s.enabled, threshold: s.threshold }])) as RuleConfig;
}

/**
 * An admin changes rules: each one given is stored, the change audited with what it was before,
 * in one transaction. Weakening alerting is not a money control: one admin suffices.
 */
export async function saveAlertSettings(
  db: Db,
  input: AlertSettingsInput,
  actor: { id: string; email: string; ip?: string | null },
  attentionAfterMinutes: number,
  now = new Date(),
): Promise<RuleSetting[]> {
  const before = new Map((await getAlertSettings(db, attentionAfterMinutes)).map((s) => [s.rule, s]));
  const changes = input.rules
    .map((r) => ({ ...r, was: before.get(r.rule)! }))
    .filter((r) => r.was.enabled !== r.enabled || r.was.threshold !== r.threshold);
  if (changes.length) {
    await db.transaction(async (tx) => {
      for (const c of changes) {
        const values = { enabled: c.enabled, threshold: c.threshold, changedById: actor.id, changedByEmail: actor.email, changedAt: now };
        await tx.insert(alertRuleSettings).values({ rule: c.rule, ...values }).onConflictDoUpdate({ target: alertRuleSettings.rule, set: values });
      }
      await recordAudit(
        {
          actor,
          action: "alert.rules_change",
          target: "alert_rules",
          outcome: "changed",
          detail: { changes: changes.map((c) => ({ rule: c.rule, from: { enabled: c.was.enabled, threshold: c.was.threshold }, to: { enabled: c.enabled, threshold: c.threshold } })) },
          ip: actor.ip ?? null,
        },
        tx,
      );
    });
  }
  return getAlertSettings(db, attentionAfterMinutes);
}
