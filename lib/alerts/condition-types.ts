import type { Db } from "@/lib/db";
import type { AccountBalance } from "@/lib/payments-api";
import type { WebhookRegistration } from "@/lib/webhook-registration";
import type { RuleConfig } from "./settings";
import type { AlertRule } from "./rules";
import type { AlertFacts, AlertSubjectType } from "./types";

/**
 * What each rule sees now: the conditions that hold (one per subject and condition), computed
 * from the store (and the provider's balance). "Needs attention" is lib/transfers/server/attention.ts's
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

export type ConditionContext = {
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


/** Rows read per rule and run; a larger backlog is seen at the next run. */
export const MAX_ROWS = 10_000;
export const HOUR = 3_600_000;

export const subjectKey = (type: AlertSubjectType, id: string) => `${type}:${id}`;
