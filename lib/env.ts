import "@/lib/zod-config";
import { z } from "zod";
import { stripDocument } from "./pix/document";
import { rawSchema } from "./env-variables";
import { sandboxSecrets } from "./sandbox-secrets";
import { sandboxVapidKeys } from "./push/vapid-keys";

/**
 * Server configuration, validated once. Sandbox mode is "no PAYMENTS_API_URL": the back
 * office starts its embedded sandbox provider and every setting has a working default.
 * Outside sandbox mode a missing or malformed setting stops the server with its name.
 */
const SANDBOX_CLIENT_ID = "sandbox-client";
const SANDBOX_CLIENT_SECRET = "sandbox-secret";
// Fixed sandbox values for unit tests only (getEnv() generates a deployment's own, see
// withSandboxSecrets); outside sandbox mode these settings are required.
const SANDBOX_AUTH_SECRET = "sandbox-mode-auth-secret-never-use-in-production-0001";
/** The payer printed on comprovantes in sandbox mode (a valid test CNPJ, no real company). */
const DEMO_COMPANY = { name: "Empresa Demonstração Ltda", document: "11222333000181" } as const;

export type ServerEnv = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  appUrl: string;
  sandboxMode: boolean;
  paymentsApiUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  registerTimeoutMs: number;
  readRetries: number;
  webhookAuthorization: string;
  sandboxPort: number;
  databaseUrl: string | undefined;
  dataDir: string;
  authSecret: string;
  demoPassword: string;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** JSON lines, or one readable line per entry; unset: readable in a terminal, JSON otherwise. */
  logFormat: "json" | "pretty" | undefined;
  /** How many reverse proxies' X-Forwarded-* headers to believe (0: the address the server saw). */
  trustedProxyHops: number;
  /** Operators, approvers and admins must have a second factor. */
  require2fa: boolean;
  /** The company's webhook endpoints: loopback/private addresses allowed (WEBHOOK_ALLOW_PRIVATE_URLS), plain http allowed (sandbox mode only). */
  erpWebhooks: { allowPrivate: boolean; requireHttps: boolean };
  transfers: {
    /** Submissions of one request before it is `failed` (each reuses the idempotent_id). */
    maxAttempts: number;
    /** Backoff base between submissions that certainly had no effect (exponential, jittered). */
    retryBaseMs: number;
    /** How long a worker's claim on a request holds: the register timeout plus read-back time. */
    leaseMs: number;
    /**
     * After a POST whose answer was lost, how long the request is only read back before it may be
     * sent again: longer than any answer the provider takes (a slow POST still commits after our
     * timeout).
     */
    settleHorizonMs: number;
    /** A registered transfer not final after this many minutes needs attention. */
    attentionAfterMinutes: number;
    /**
     * `ours`: our approvals are the authorization (every transfer goes out `authorized: true`);
     * `portal`: transfers go out unauthorized and someone authorizes them in the provider's portal.
     */
    providerAuthorization: "ours" | "portal";
    /** When scheduled transfers go out on their day ("08:00", Brazil time). */
    scheduleSendTime: string;
    /** Submissions per second of a batch's rows (provider rate limits are not documented). */
    batchRatePerSecond: number;
    /** Transfers a process submits at once. */
    concurrency: number;
  };
  cash: {
    /** The share (0-100) of charges due on a day that the cash position expects to arrive that day. */
    expectedInPercent: number;
  };
  charges: {
    /** Days before the due date a payer is reminded by e-mail (and again on the day); 0: no reminders. */
    reminderDays: number;
  };
  reconcile: {
    cron: string;
    /** `submitting`/`outcome_unknown` requests older than this are settled by reading back. */
    staleSeconds: number;
    /** Registered payments not final after this long are read again. */
    refreshMinutes: number;
    /** The provider list window compared with the notifications received. */
    windowHours: number;
  };
  /** How long a request may wait for approval under the default policy. */
  approvalExpiryHours: number;
  /** Money actions ask for the password again when the last one is older than this (lib/auth/step-up.ts). */
  stepUpAfterSeconds: number;
  /** Bearer token of GET /api/metrics; unset: metrics off (404). */
  metricsToken: string | undefined;
  /** Where alerts and notices go besides the bell (lib/alerts). Unset: nothing is sent. */
  notify: {
    smtpUrl: string | undefined;
    mailFrom: string | undefined;
    /** Sandbox only: a local SMTP server catches every e-mail, shown on /dev/mail. */
    mailCatcher: boolean;
    webhookUrl: string | undefined;
    webhookSecret: string | undefined;
  };
  /**
   * The payer printed on comprovantes (COMPANY_NAME, COMPANY_DOCUMENT bare). Sandbox mode: a demo
   * company. Outside it, null until both are set: the server still starts (nothing else needs
   * them), and a comprovante asked for is refused with a 503 naming both settings.
   */
  company: { name: string; document: string } | null;
  /**
   * Web Push to approvers' devices (lib/push): the VAPID key pair and the contact the push services
   * see. Sandbox mode: generated once under DATA_DIR (vapid-keys.json). Outside it, null until all
   * three are set: nothing is pushed and the settings page says so.
   */
  push: { publicKey: string; privateKey: string; subject: string } | null;
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** Parses a given environment; pure, so tests can feed it any map. */
export function parseEnv(source: Record<string, string | undefined>): ServerEnv {
  const parsed = rawSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const e = parsed.data;
  const sandboxMode = !e.PAYMENTS_API_URL;
  const missing: string[] = [];
  if (!sandboxMode) {
    if (!e.PAYMENTS_API_CLIENT_ID) missing.push("PAYMENTS_API_CLIENT_ID");
    if (!e.PAYMENTS_API_CLIENT_SECRET) missing.push("PAYMENTS_API_CLIENT_SECRET");
    if (!e.PAYMENTS_WEBHOOK_AUTHORIZATION) missing.push("PAYMENTS_WEBHOOK_AUTHORIZATION");
    if (!e.AUTH_SECRET) missing.push("AUTH_SECRET");
  }
  if (missing.length) {
    throw new ConfigError(
      `Missing settings (required when PAYMENTS_API_URL is set): ${missing.join(", ")}`,
    );
  }
  const notifyProblems = notifySettingsProblems(e, sandboxMode);
  if (notifyProblems.length) throw new ConfigError(`Invalid configuration:\n  ${notifyProblems.join("\n  ")}`);
  const vapid = [e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, e.VAPID_SUBJECT];
  if (vapid.some(Boolean) && !vapid.every(Boolean) && !(sandboxMode && e.VAPID_SUBJECT && !e.VAPID_PUBLIC_KEY && !e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError("VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT: set all three (Web Push) or none");
  }
  if (Boolean(e.COMPANY_NAME) !== Boolean(e.COMPANY_DOCUMENT)) {
    throw new ConfigError("COMPANY_NAME and COMPANY_DOCUMENT: set both (the payer on comprovantes) or neither");
  }
  if (e.AUTH_SECRET && e.AUTH_SECRET.length < 32) {
    throw new ConfigError("AUTH_SECRET: must be at least 32 characters");
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    appUrl: e.APP_URL ?? `http://localhost:${e.PORT}`,
    sandboxMode,
    paymentsApiUrl: (e.PAYMENTS_API_URL ?? `http://127.0.0.1:${e.SANDBOX_PORT}`).replace(/\/+$/, ""),
    clientId: e.PAYMENTS_API_CLIENT_ID ?? SANDBOX_CLIENT_ID,
    clientSecret: e.PAYMENTS_API_CLIENT_SECRET ?? SANDBOX_CLIENT_SECRET,
    timeoutMs: e.PAYMENTS_API_TIMEOUT_MS,
    registerTimeoutMs: e.PAYMENTS_API_REGISTER_TIMEOUT_MS,
    readRetries: e.PAYMENTS_API_READ_RETRIES,
    // Fixed sandbox values for tests only: getEnv() replaces them with the deployment's generated ones.
    webhookAuthorization:
      e.PAYMENTS_WEBHOOK_AUTHORIZATION ?? `Bearer sandbox-webhook-${e.SANDBOX_PORT}`,
    sandboxPort: e.SANDBOX_PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    authSecret: e.AUTH_SECRET ?? SANDBOX_AUTH_SECRET,
    demoPassword: e.DEMO_PASSWORD,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    require2fa: e.REQUIRE_2FA ? e.REQUIRE_2FA === "true" : !sandboxMode,
    erpWebhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE_URLS ? e.WEBHOOK_ALLOW_PRIVATE_URLS === "true" : sandboxMode,
      requireHttps: !sandboxMode,
    },
    transfers: {
      maxAttempts: e.TRANSFER_MAX_ATTEMPTS,
      retryBaseMs: e.TRANSFER_RETRY_BASE_MS,
      // The POST may take the whole register timeout, then up to ~2 s of read-backs: a live
      // worker always finishes inside its lease, so a lapsed lease means a dead worker.
      leaseMs: e.TRANSFER_LEASE_MS ?? e.PAYMENTS_API_REGISTER_TIMEOUT_MS + e.PAYMENTS_API_TIMEOUT_MS * 3 + 30_000,
      settleHorizonMs: e.TRANSFER_SETTLE_HORIZON_MS,
      attentionAfterMinutes: e.ATTENTION_AFTER_MINUTES,
      providerAuthorization: e.PROVIDER_AUTHORIZATION,
      scheduleSendTime: e.SCHEDULE_SEND_TIME,
      batchRatePerSecond: e.BATCH_RATE_PER_SECOND,
      concurrency: e.QUEUE_CONCURRENCY,
    },
    cash: { expectedInPercent: e.CASH_EXPECTED_IN_PERCENT },
    charges: { reminderDays: e.CHARGE_REMINDER_DAYS },
    reconcile: {
      cron: e.RECONCILE_CRON,
      staleSeconds: e.RECONCILE_STALE_SECONDS,
      refreshMinutes: e.RECONCILE_REFRESH_MINUTES,
      windowHours: e.RECONCILE_WINDOW_HOURS,
    },
    approvalExpiryHours: e.APPROVAL_EXPIRY_HOURS,
    stepUpAfterSeconds: e.STEP_UP_AFTER_SECONDS,
    metricsToken: e.METRICS_TOKEN,
    notify: {
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM ?? (e.MAIL_CATCHER === "on" ? DEMO_MAIL_FROM : undefined),
      mailCatcher: e.MAIL_CATCHER === "on",
      webhookUrl: e.ALERT_WEBHOOK_URL,
      webhookSecret: e.ALERT_WEBHOOK_SECRET,
    },
    company:
      e.COMPANY_NAME && e.COMPANY_DOCUMENT
        ? { name: e.COMPANY_NAME, document: stripDocument(e.COMPANY_DOCUMENT) }
        : sandboxMode
          ? { ...DEMO_COMPANY }
          : null,
    push: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && e.VAPID_SUBJECT ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT } : null,
  };
}

/** Whom the push services may write to about the sandbox's pushes. */
const DEMO_VAPID_SUBJECT = "mailto:no-reply@demo.test";
/** The sender of the demo's caught e-mails (MAIL_CATCHER=on). */
const DEMO_MAIL_FROM = "Back office Pix <no-reply@demo.test>";
/** An HMAC key shorter than this is too easy to guess. */
const MIN_WEBHOOK_SECRET_LENGTH = 16;

/** What is wrong with the e-mail and alert webhook settings (each line names its variable). */
function notifySettingsProblems(e: z.output<typeof rawSchema>, sandboxMode: boolean): string[] {
  const problems: string[] = [];
  if (e.SMTP_URL && !e.MAIL_FROM) problems.push("MAIL_FROM: required when SMTP_URL is set (the sender of the e-mails)");
  if (e.MAIL_CATCHER === "on" && !sandboxMode) problems.push("MAIL_CATCHER: only in sandbox mode (PAYMENTS_API_URL unset)");
  if (e.MAIL_CATCHER === "on" && e.SMTP_URL) problems.push("MAIL_CATCHER: on sends every e-mail to the local catcher; unset SMTP_URL or turn it off");
  if (e.ALERT_WEBHOOK_URL && !e.ALERT_WEBHOOK_SECRET) problems.push("ALERT_WEBHOOK_SECRET: required when ALERT_WEBHOOK_URL is set (it signs every post)");
  if (e.ALERT_WEBHOOK_SECRET && e.ALERT_WEBHOOK_SECRET.length < MIN_WEBHOOK_SECRET_LENGTH) {
    problems.push(`ALERT_WEBHOOK_SECRET: must be at least ${MIN_WEBHOOK_SECRET_LENGTH} characters`);
  }
  return problems;
}

let cached: ServerEnv | undefined;

/** The validated configuration of this process (parsed on first use, then cached). */
export function getEnv(): ServerEnv {
  cached ??= withSandboxSecrets(parseEnv(process.env), process.env);
  return cached;
}

/**
 * In sandbox mode, a client secret and webhook Authorization that nobody can guess: generated once
 * per deployment in DATA_DIR/sandbox-secrets.json and shared by every process of it (the app, its
 * sandbox, a second instance). Set values win; unit tests (NODE_ENV=test) keep the fixed ones.
 */
export function withSandboxSecrets(env: ServerEnv, source: Record<string, string | undefined>): ServerEnv {
  if (!env.sandboxMode || env.nodeEnv === "test") return env;
  env = env.push ? env : { ...env, push: sandboxVapidKeys(env.dataDir, source.VAPID_SUBJECT ?? DEMO_VAPID_SUBJECT) };
  if (source.PAYMENTS_API_CLIENT_SECRET && source.PAYMENTS_WEBHOOK_AUTHORIZATION && source.AUTH_SECRET) return env;
  const generated = sandboxSecrets(env.dataDir);
  return {
    ...env,
    clientSecret: source.PAYMENTS_API_CLIENT_SECRET ?? generated.clientSecret,
    webhookAuthorization: source.PAYMENTS_WEBHOOK_AUTHORIZATION ?? generated.webhookAuthorization,
    authSecret: source.AUTH_SECRET ?? generated.authSecret,
  };
}

/** Tests only: forget the cached configuration after changing process.env. */
export function resetEnvForTests(): void {
  cached = undefined;
}
