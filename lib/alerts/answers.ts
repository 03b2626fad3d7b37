import "@/lib/zod-config";
import { z } from "zod";
import { centsSchema, instantSchema, storePageMetaSchema } from "@/lib/domain/answer-fields";
import { ALERT_RULES, ALERT_STATES, MAIL_KINDS } from "./rules";

/** What the alert routes answer (client-safe: the browser reads them with these schemas). */

const alertRuleSchema = z.enum(ALERT_RULES);
const thresholdUnitSchema = z.enum(["minutes", "hours", "cents", "count"]);

/** What a rule saw, kept on the alert: each rule fills the members it has. */
const alertFactsSchema = z.object({
  reason: z.string().optional(),
  value_cents: centsSchema.optional(),
  receiver_name: z.string().optional(),
  idempotent_id: z.string().optional(),
  maker_email: z.string().optional(),
  rows: z.number().int().optional(),
  threshold: z.number().optional(),
  minutes: z.number().optional(),
  hours: z.number().optional(),
  count: z.number().int().optional(),
  balance_cents: centsSchema.optional(),
  committed_cents: centsSchema.optional(),
  finding_kind: z.string().optional(),
  provider_status: z.string().nullable().optional(),
  expires_at: z.string().nullable().optional(),
  last_webhook_at: z.string().nullable().optional(),
  file_name: z.string().nullable().optional(),
  /** projected_shortfall: the Brazil day short of money, and by how much. */
  day: z.string().optional(),
  missing_cents: centsSchema.optional(),
  /** A charge's own reference (an invoice number) and its payer. */
  external_reference: z.string().optional(),
  payer_name: z.string().optional(),
  endpoint_url: z.string().optional(),
});

const alertDeliverySchema = z.object({
  channel: z.enum(["email", "webhook"]),
  /** An e-mail address, or "webhook". */
  to: z.string(),
  state: z.enum(["pending", "sent", "failed"]),
  attempts: z.number().int().nonnegative(),
  last_error: z.string().nullable(),
  next_attempt_at: instantSchema.nullable(),
  sent_at: instantSchema.nullable(),
});

export const alertSchema = z
  .object({
    id: z.number().int(),
    rule: alertRuleSchema,
    state: z.enum(ALERT_STATES),
    subject: z.object({ type: z.enum(["transfer", "batch", "finding", "account", "webhooks", "transfers", "cash", "charge", "charges", "webhook_endpoint"]), id: z.string() }),
    /** Where a person looks at it in the back office (a path). */
    href: z.string().nullable(),
    facts: alertFactsSchema,
    raised_at: instantSchema,
    updated_at: instantSchema,
    acknowledged: z.object({ by: z.string(), at: instantSchema, note: z.string() }).nullable(),
    /** `by` null: it resolved by itself (its condition ended). */
    resolved: z.object({ by: z.string().nullable(), at: instantSchema, note: z.string().nullable() }).nullable(),
    deliveries: z.array(alertDeliverySchema),
  })
  .meta({ id: "Alert" });

export const alertListAnswer = z.object({ alerts: z.array(alertSchema), meta: storePageMetaSchema }).meta({ id: "AlertList" });
export const alertAnswer = z.object({ alert: alertSchema }).meta({ id: "AlertAnswer" });
/** GET /api/alerts/bell: unread live alerts and the newest few. */
export const bellAnswer = z.object({ unread: z.number().int().nonnegative(), latest: z.array(alertSchema), newest_id: z.number().int() }).meta({ id: "AlertBell" });
export const seenAnswer = z.object({ up_to: z.number().int() }).meta({ id: "AlertsSeen" });

/** Where alerts go besides the bell (never the addresses' secrets). */
const alertChannelsSchema = z.object({ email: z.enum(["smtp", "catcher", "off"]), webhook: z.enum(["on", "off"]) });

/** One rule as /settings/alerts shows it. */
export const ruleSettingSchema = z.object({
  rule: alertRuleSchema,
  enabled: z.boolean(),
  threshold: z.number().nullable(),
  default_threshold: z.number().nullable(),
  unit: thresholdUnitSchema.nullable(),
  min: z.number(),
  max: z.number(),
  changed_by: z.string().nullable(),
  changed_at: instantSchema.nullable(),
});
/** GET/PUT /api/settings/alerts. */
export const alertSettingsAnswer = z.object({ rules: z.array(ruleSettingSchema), channels: alertChannelsSchema }).meta({ id: "AlertSettings" });

/** GET/PUT /api/me/notifications: the e-mails the person may get, each on or off, and whether e-mail is configured. */
export const mailChoicesAnswer = z.object({
  kinds: z.array(z.object({ kind: z.enum(MAIL_KINDS), enabled: z.boolean() })),
  email: alertChannelsSchema.shape.email,
}).meta({ id: "MailChoices" });
