import "server-only";
import { logLine } from "@/lib/http/logger";
import { recordWebhookRegistration } from "@/lib/metrics/registry";

/**
 * Our webhook receiver's registration with the provider, kept trying until it holds. Without it
 * the provider tells us nothing and payments are followed only by the reconciler, so one blip
 * at start must not leave an instance without webhooks: the first attempt runs during start-up,
 * and after a failure the attempts go on in the background at REGISTRATION_BACKOFF_MS until one
 * succeeds. Registering again is harmless (the provider replaces a registration in place).
 *
 * What this instance knows is kept on globalThis (Next.js loads modules once per bundle):
 * /api/ready answers `degraded` with the reason, the alert rule `webhooks_unregistered` is raised
 * after its threshold, and `pix_webhook_registration_held` reads 0 until it holds.
 */
export type WebhookRegistration =
  | { status: "registered"; attempts: number; since: Date; registeredAt: Date }
  | { status: "retrying"; attempts: number; since: Date; lastError: string; nextAttemptAt: Date };

/** The waits after each failed attempt; the last one repeats until the registration holds. */
export const REGISTRATION_BACKOFF_MS: readonly number[] = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];

type Holder = { state?: WebhookRegistration; stop?: () => void; held?: Promise<WebhookRegistration> };
const KEY = Symbol.for("pix-backoffice.webhook-registration");

function holder(): Holder {
  const g = globalThis as typeof globalThis & { [KEY]?: Holder };
  g[KEY] ??= {};
  return g[KEY];
}

/** Settles once this process's registration holds (undefined: none started). */
export function whenWebhooksRegistered(): Promise<WebhookRegistration> | undefined {
  return holder().held;
}

/** This instance's registration, or undefined when it has not started (no server start ran here). */
export function webhookRegistration(): WebhookRegistration | undefined {
  return holder().state;
}

export type KeepRegisteredOptions = {
  /** One attempt (lib/payments-api/webhook-setup.ts); throws when the provider did not take it. */
  register: () => Promise<void>;
  now?: () => Date;
  /** Waits between attempts (tests resolve it themselves: no test sleeps). */
  wait?: (ms: number) => Promise<void>;
  schedule?: readonly number[];
};

export type KeepRegistered = {
  /** The first attempt's outcome (start-up logs it and goes on either way). */
  first: Promise<WebhookRegistration>;
  /** Settles once an attempt succeeded (or the loop was stopped). */
  held: Promise<WebhookRegistration>;
  stop: () => void;
};

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    // unref: a retrying registration never keeps a stopping process alive.
    setTimeout(resolve, ms).unref();
  });

/** A failure in plain words for /api/ready (unauthenticated): the error's own words stay in the log. */
function failureWords(error: unknown): string {
  const kind = error && typeof error === "object" && "kind" in error ? String((error as { kind: unknown }).kind) : "error";
  if (kind === "timeout") return "the provider did not answer in time";
  if (kind === "upstream_failure") return "the provider could not be reached or failed";
  if (kind === "unauthorized" || kind === "forbidden") return "the provider refused our credentials";
  return "the provider refused the registration";
}

/**
 * Registers, and after a failure keeps registering at the backoff until it holds. A new call
 * stops the previous loop (a second start in one process, or a test).
 */
export function keepWebhooksRegistered(o: KeepRegisteredOptions): KeepRegistered {
  const h = holder();
  h.stop?.();
  const now = o.now ?? (() => new Date());
  const wait = o.wait ?? sleep;
  const schedule = o.schedule ?? REGISTRATION_BACKOFF_MS;
  let stopped = false;
  const stop = () => {
    stopped = true;
  };
  h.stop = stop;
  const since = now();
  let resolveFirst!: (s: WebhookRegistration) => void;
  const first = new Promise<WebhookRegistration>((resolve) => (resolveFirst = resolve));

  const held = (async () => {
    for (let attempt = 1; ; attempt++) {
      let state: WebhookRegistration;
      try {
        await o.register();
        recordWebhookRegistration("registered");
        state = { status: "registered", attempts: attempt, since, registeredAt: now() };
        if (!stopped) h.state = state;
        if (attempt > 1) logLine("info", "webhooks registered", { attempts: attempt });
        resolveFirst(state);
        return state;
      } catch (error) {
        recordWebhookRegistration("failed");
        const delay = schedule[Math.min(attempt - 1, schedule.length - 1)] ?? 60_000;
        state = { status: "retrying", attempts: attempt, since, lastError: failureWords(error), nextAttemptAt: new Date(now().getTime() + delay) };
        if (!stopped) h.state = state;
        // A warning, not an error: it is retried, /api/ready says degraded and the alert follows if it lasts.
        logLine("warn", "webhook registration failed; retrying", { attempt, retry_in_s: delay / 1000, error });
        resolveFirst(state);
        await wait(delay);
        if (stopped) return state;
      }
    }
  })();
  h.held = held;
  return { first, held, stop };
}

/** Tests: forget this process's registration and stop its loop. */
export function resetWebhookRegistrationForTests(): void {
  const h = holder();
  h.stop?.();
  h.state = undefined;
  h.stop = undefined;
  h.held = undefined;
}
