/**
 * Alerts as our API answers them and pages show them (client-safe: types only; wire names in
 * snake_case like the rest of the API).
 */
import type { AlertRule, AlertState, ThresholdUnit } from "./rules";

export type AlertSubjectType = "transfer" | "batch" | "finding" | "account" | "webhooks" | "transfers";

/**
 * What a rule saw, kept on the alert and written into its messages. Every member is optional:
 * each rule fills the ones it has (a transfer's amount and receiver, a batch's rows, the
 * balance and the threshold...).
 */
export type AlertFacts = {
  reason?: string;
  value_cents?: number;
  receiver_name?: string;
  idempotent_id?: string;
  maker_email?: string;
  rows?: number;
  threshold?: number;
  minutes?: number;
  hours?: number;
  count?: number;
  balance_cents?: number;
  committed_cents?: number;
  finding_kind?: string;
  provider_status?: string | null;
  expires_at?: string | null;
  last_webhook_at?: string | null;
  file_name?: string | null;
};

export type AlertDelivery = {
  channel: "email" | "webhook";
  /** An e-mail address, or "webhook". */
  to: string;
  state: "pending" | "sent" | "failed";
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  sent_at: string | null;
};

export type Alert = {
  id: number;
  rule: AlertRule;
  state: AlertState;
  subject: { type: AlertSubjectType; id: string };
  /** Where a person looks at it in the back office (a path). */
  href: string | null;
  facts: AlertFacts;
  raised_at: string;
  updated_at: string;
  acknowledged: { by: string; at: string; note: string } | null;
  /** `by` null: it resolved by itself (its condition ended). */
  resolved: { by: string | null; at: string; note: string | null } | null;
  deliveries: AlertDelivery[];
};

export type AlertListMeta = { page: number; page_size: number; total: number; total_pages: number };

/** One rule as /settings/alerts shows it. */
export type RuleSetting = {
  rule: AlertRule;
  enabled: boolean;
  threshold: number | null;
  default_threshold: number | null;
  unit: ThresholdUnit | null;
  min: number;
  max: number;
  changed_by: string | null;
  changed_at: string | null;
};

/** Where alerts go besides the bell, as /settings/alerts says it (never the addresses' secrets). */
export type AlertChannels = {
  email: "smtp" | "catcher" | "off";
  webhook: "on" | "off";
};
