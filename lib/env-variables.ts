import "@/lib/zod-config";
import { z } from "zod";
import { isValidDocument, stripDocument } from "./pix/document";
import { DEFAULT_SEND_TIME } from "@/lib/transfers/deadlines";

/**
 * Every environment variable the server reads, and what each one accepts. lib/env.ts turns
 * them into the server's configuration (sandbox defaults, the rules that join several).
 */
/** A company name as the comprovante prints it (the provider's names are at most 100 too). */
const COMPANY_NAME_MAX = 100;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** A VAPID key as web-push takes it: base64url of an uncompressed P-256 point (65 bytes) or scalar (32). */
function isVapidKey(value: string, bytes: number): boolean {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return false;
  const raw = Buffer.from(value, "base64url");
  return raw.length === bytes && (bytes !== 65 || raw[0] === 4);
}

const intSetting = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

export const rawSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: intSetting(3000, 1, 65535),
  APP_URL: z.url().optional(),
  PAYMENTS_API_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PAYMENTS_API_CLIENT_ID: optionalText,
  PAYMENTS_API_CLIENT_SECRET: optionalText,
  PAYMENTS_API_TIMEOUT_MS: intSetting(10_000, 100, 120_000),
  PAYMENTS_API_REGISTER_TIMEOUT_MS: intSetting(15_000, 100, 120_000),
  PAYMENTS_API_READ_RETRIES: intSetting(2, 0, 5),
  PAYMENTS_WEBHOOK_AUTHORIZATION: optionalText,
  SANDBOX_PORT: intSetting(4010, 1, 65535),
  DATABASE_URL: optionalText.refine((v) => !v || /^postgres(ql)?:\/\//.test(v), {
    error: "must be a postgres:// URL (leave unset for the embedded store)",
  }),
  DATA_DIR: z.string().default(".data"),
  AUTH_SECRET: optionalText,
  DEMO_PASSWORD: z.string().min(8).default("demo-password"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  TRUSTED_PROXY_HOPS: intSetting(0, 0, 10),
  REQUIRE_2FA: z.enum(["true", "false"]).optional(),
  TRANSFER_MAX_ATTEMPTS: intSetting(5, 1, 50),
  TRANSFER_RETRY_BASE_MS: intSetting(2_000, 10, 600_000),
  TRANSFER_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).optional(),
  TRANSFER_SETTLE_HORIZON_MS: intSetting(600_000, 1_000, 86_400_000),
  ATTENTION_AFTER_MINUTES: intSetting(30, 1, 10_080),
  PROVIDER_AUTHORIZATION: z.enum(["ours", "portal"], { error: "must be ours or portal" }).default("ours"),
  SCHEDULE_SEND_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM (24 h, Brazil time)")
    .default(DEFAULT_SEND_TIME),
  CASH_EXPECTED_IN_PERCENT: intSetting(100, 0, 100),
  CHARGE_REMINDER_DAYS: intSetting(3, 0, 60),
  RECONCILE_CRON: z.string().trim().regex(/^(\S+\s+){4}\S+$/, "must be a 5-field cron expression").default("* * * * *"),
  RECONCILE_STALE_SECONDS: intSetting(120, 1, 86_400),
  RECONCILE_REFRESH_MINUTES: intSetting(10, 1, 10_080),
  RECONCILE_WINDOW_HOURS: intSetting(24, 1, 24 * 31),
  APPROVAL_EXPIRY_HOURS: intSetting(24, 1, 24 * 30),
  STEP_UP_AFTER_SECONDS: intSetting(300, 10, 3_600),
  BATCH_RATE_PER_SECOND: intSetting(10, 1, 1_000),
  QUEUE_CONCURRENCY: intSetting(16, 1, 64),
  METRICS_TOKEN: optionalText.refine((v) => !v || v.length >= 16, { error: "must be at least 16 characters" }),
  SMTP_URL: optionalText.refine((v) => !v || /^smtps?:\/\/[^\s]+$/.test(v), { error: "must be an smtp:// or smtps:// URL" }),
  MAIL_FROM: optionalText,
  MAIL_CATCHER: z.enum(["on", "off"], { error: "must be on or off" }).default("off"),
  ALERT_WEBHOOK_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ALERT_WEBHOOK_SECRET: optionalText,
  /** Outgoing ERP webhooks (lib/erp/webhooks) may point at loopback, private or link-local addresses; unset: only in sandbox mode. */
  WEBHOOK_ALLOW_PRIVATE_URLS: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
  VAPID_PUBLIC_KEY: optionalText.refine((v) => !v || isVapidKey(v, 65), { error: "must be a P-256 public key, base64url (87 characters, as web-push generate-vapid-keys prints it)" }),
  VAPID_PRIVATE_KEY: optionalText.refine((v) => !v || isVapidKey(v, 32), { error: "must be a P-256 private key, base64url (43 characters)" }),
  VAPID_SUBJECT: optionalText.refine((v) => !v || /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(v), { error: "must be a mailto: address or an https:// URL (push services write to it about problems)" }),
  COMPANY_NAME: optionalText.refine((v) => !v || v.length <= COMPANY_NAME_MAX, { error: `must be at most ${COMPANY_NAME_MAX} characters` }),
  COMPANY_DOCUMENT: optionalText.refine((v) => !v || isValidDocument(stripDocument(v)), { error: "must be a valid CNPJ or CPF" }),
});

/** Every setting this file reads (docs/DEPLOY.md's table lists each one; scripts/deploy.test.ts holds it). */
export const ENV_VARIABLES = Object.keys(rawSchema.shape) as Array<keyof typeof rawSchema.shape>;
