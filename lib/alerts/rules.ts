import type { Permission } from "@/lib/auth/roles";

/**
 * The alert rules and what people may choose about them (client-safe: the settings page, the
 * alerts list and the server read the same table). What each rule looks at is in
 * lib/alerts/conditions.ts; its words are `alerts.rules.<rule>` in messages/.
 *
 * Each rule is on by default. A threshold, when the rule has one, is a whole number in its unit;
 * `transfer_not_final`'s default is ATTENTION_AFTER_MINUTES (the server fills it in), the others'
 * are below, with why in the README ("Alerts").
 */
export const ALERT_RULES = [
  "transfer_not_paid",
  "transfer_not_final",
  "approval_waiting",
  "approval_expiring",
  "reconciliation_finding",
  "balance_low",
  "balance_short",
  "projected_shortfall",
  "webhooks_silent",
  "webhooks_unregistered",
  "failure_spike",
  "charge_paid_after_withdrawal",
  "charges_overdue",
  "erp_endpoint_disabled",
] as const;
export type AlertRule = (typeof ALERT_RULES)[number];

export type ThresholdUnit = "minutes" | "hours" | "cents" | "count";

type RuleSpec = {
  /** What the threshold counts, or null when the rule has none. */
  unit: ThresholdUnit | null;
  /** The default threshold ("attention": ATTENTION_AFTER_MINUTES). */
  fallback: number | "attention" | null;
  min: number;
  max: number;
  /** "subject": about one transfer or batch (evaluated when it changes and at every tick); "global": at every tick. */
  scope: "subject" | "global";
};

export const RULE_SPECS: Record<AlertRule, RuleSpec> = {
  // Canceled by the provider, refused, given up, or outcome unknown: money that did not go.
  transfer_not_paid: { unit: null, fallback: null, min: 0, max: 0, scope: "subject" },
  transfer_not_final: { unit: "minutes", fallback: "attention", min: 1, max: 10_080, scope: "subject" },
  // Half a working day: the default expiry is 24 h, so an approver still has most of it.
  approval_waiting: { unit: "hours", fallback: 4, min: 1, max: 720, scope: "subject" },
  // Two hours before it expires: time for someone to decide.
  approval_expiring: { unit: "hours", fallback: 2, min: 1, max: 720, scope: "subject" },
  reconciliation_finding: { unit: null, fallback: null, min: 0, max: 0, scope: "global" },
  // R$ 10.000,00: below it, one transfer of the two-approval tier could not be paid.
  balance_low: { unit: "cents", fallback: 1_000_000, min: 1, max: 100_000_000_000, scope: "global" },
  // Below what is approved and waiting to go (no threshold: the sum is the threshold).
  balance_short: { unit: null, fallback: null, min: 0, max: 0, scope: "global" },
  // A day of the next 30 that sends more than the cash position projects it will have (lib/cash).
  projected_shortfall: { unit: null, fallback: null, min: 0, max: 0, scope: "global" },
  // The provider retries a notification for 10 minutes; 30 without one while ours wait is not a hiccup.
  webhooks_silent: { unit: "minutes", fallback: 30, min: 5, max: 1_440, scope: "global" },
  // The registration is retried at 1 s, 2 s, 5 s... then every minute: five minutes of failures is
  // no restart of the provider any more. Seen by the instance that retries (lib/webhook-registration.ts).
  webhooks_unregistered: { unit: "minutes", fallback: 5, min: 1, max: 1_440, scope: "global" },
  // One refusal is handled on its transfer; more than five in an hour looks systemic.
  failure_spike: { unit: "count", fallback: 5, min: 1, max: 10_000, scope: "global" },
  // Money came in for a charge a person withdrew: someone must check with the customer (refund?).
  charge_paid_after_withdrawal: { unit: null, fallback: null, min: 0, max: 0, scope: "global" },
  // Charges unpaid after their due date (lib/charges/aging.ts): one is already someone's call to the customer.
  charges_overdue: { unit: "count", fallback: 1, min: 1, max: 10_000, scope: "global" },
  // The company's webhook endpoint disabled after failing for days (lib/erp/webhooks): the ERP hears nothing.
  erp_endpoint_disabled: { unit: null, fallback: null, min: 0, max: 0, scope: "global" },
};

export function isAlertRule(value: unknown): value is AlertRule {
  return typeof value === "string" && (ALERT_RULES as readonly string[]).includes(value);
}

export const ALERT_STATES = ["open", "acknowledged", "resolved"] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/**
 * The e-mails a person may get, each chosen on /settings/notifications (all on by default), and
 * the permission that makes a person a recipient of it.
 */
export const MAIL_KINDS = ["awaiting_approval", "approved", "rejected", "paid", "provider_canceled", "alerts"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_PERMISSION = {
  awaiting_approval: "approve",
  approved: "register",
  rejected: "register",
  paid: "register",
  provider_canceled: "register",
  alerts: "policy",
} as const satisfies Record<MailKind, Permission>;
