/** Options of `startSandbox`; every one has a working default. */
export interface SandboxOptions {
  /** 0 = a free port. Default SANDBOX_PORT or 4010. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** "memory" (tests: no PGlite) or a PGlite directory, relative to the cwd. Default {dir: ".data/sandbox"}. */
  store?: "memory" | { dir: string };
  /** Seed of the generated history. Default 42. */
  seed?: number;
  /** Seeded payments (plus the fixed fixtures). Default 3000. */
  seedCount?: number;
  /** The sandbox's "now" (lifecycle clock before any advance). Default the wall clock. */
  now?: () => Date;
  /** Seeded history ends here. Default: the anchor saved in the store, else now() at first start. */
  anchor?: Date;
  clientId?: string;
  clientSecret?: string;
  /** Bearer token lifetime (may be fractional in tests). Default 1800. */
  tokenTtlSeconds?: number;
  /** Time between lifecycle steps: authorized -> sent -> final takes two steps. Default 10 s. */
  clockStepMs?: number;
  /** false: the lifecycle moves only through advance()/settle() (tests). Default true. */
  autoClock?: boolean;
  /** Wait between delivery attempts of a webhook. Default 60 s. */
  webhookRetryMs?: number;
  /** Attempts per delivery before giving up. Default 10. */
  webhookMaxAttempts?: number;
  /** Time limit of one delivery attempt. Default 5 s. */
  webhookTimeoutMs?: number;
  /** Available for new transfers at each start. Default R$ 1.000.000,00. */
  balanceCents?: number;
  /** Receiver documents refused with 403. Default ["52998224725"]. */
  blockedDocuments?: string[];
  /** Serve /_control/. Default true. */
  control?: boolean;
  /** No log lines. Default false. */
  quiet?: boolean;
  /**
   * "doc": answer byte for byte like the provider documentation's examples (the "end_to_end "
   * key, " Insufficient funds", P2023... reference codes, agency "000001"). Default SANDBOX_QUIRKS or none.
   */
  quirks?: SandboxQuirks;
  /**
   * A repeated idempotent_id. "merge" (the sandbox's own choice, the documentation being silent):
   * the same body again answers the existing payment, another body 400. "allow": every repeat
   * makes another payment, the worst the documentation allows (a double send shows up as a
   * double payment). Default SANDBOX_DUPLICATES or "merge".
   */
  duplicates?: SandboxDuplicates;
  /** How a `delay` fault waits. Default a timer; tests pass their own to decide when the wait ends. */
  sleep?: (ms: number) => Promise<void>;
}

type SandboxQuirks = "doc" | "none";
export type SandboxDuplicates = "merge" | "allow";

export interface ResolvedOptions {
  port: number;
  host: string;
  store: "memory" | { dir: string };
  seed: number;
  seedCount: number;
  now: () => Date;
  anchor: Date | undefined;
  clientId: string;
  clientSecret: string;
  tokenTtlSeconds: number;
  clockStepMs: number;
  autoClock: boolean;
  webhookRetryMs: number;
  webhookMaxAttempts: number;
  webhookTimeoutMs: number;
  balanceCents: number;
  blockedDocuments: string[];
  control: boolean;
  quiet: boolean;
  /** true: the documentation's literal quirks (see `quirks.ts`). */
  docQuirks: boolean;
  duplicates: SandboxDuplicates;
  sleep: (ms: number) => Promise<void>;
}

const envInt = (name: string): number | undefined => {
  const v = process.env[name];
  if (v === undefined || v.trim() === "") return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${v}"`);
  return n;
};

export function resolveOptions(o: SandboxOptions = {}): ResolvedOptions {
  const positive = (name: string, v: number) => {
    if (!(v > 0) || !Number.isFinite(v)) throw new Error(`sandbox option ${name} must be > 0`);
    return v;
  };
  return {
    port: o.port ?? envInt("SANDBOX_PORT") ?? 4010,
    host: o.host ?? "127.0.0.1",
    store: o.store ?? { dir: ".data/sandbox" },
    seed: o.seed ?? 42,
    seedCount: Math.max(0, Math.floor(o.seedCount ?? 3000)),
    now: o.now ?? (() => new Date()),
    anchor: o.anchor,
    clientId: o.clientId ?? (process.env.PAYMENTS_API_CLIENT_ID || "sandbox-client"),
    clientSecret: o.clientSecret ?? (process.env.PAYMENTS_API_CLIENT_SECRET || "sandbox-secret"),
    tokenTtlSeconds: positive("tokenTtlSeconds", o.tokenTtlSeconds ?? 1800),
    clockStepMs: positive("clockStepMs", o.clockStepMs ?? 10_000),
    autoClock: o.autoClock ?? true,
    webhookRetryMs: positive("webhookRetryMs", o.webhookRetryMs ?? 60_000),
    webhookMaxAttempts: positive("webhookMaxAttempts", o.webhookMaxAttempts ?? 10),
    webhookTimeoutMs: positive("webhookTimeoutMs", o.webhookTimeoutMs ?? 5_000),
    balanceCents: o.balanceCents ?? envInt("SANDBOX_BALANCE_CENTS") ?? 100_000_000,
    blockedDocuments: o.blockedDocuments ?? ["52998224725"],
    control: o.control ?? true,
    quiet: o.quiet ?? false,
    docQuirks: quirksOf(o.quirks ?? process.env.SANDBOX_QUIRKS) === "doc",
    duplicates: duplicatesOf(o.duplicates ?? process.env.SANDBOX_DUPLICATES),
    sleep: o.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  };
}

function duplicatesOf(value: string | undefined): SandboxDuplicates {
  const v = (value ?? "").trim().toLowerCase();
  if (v === "" || v === "merge") return "merge";
  if (v === "allow") return "allow";
  throw new Error(`SANDBOX_DUPLICATES must be "allow" or "merge", got "${value}"`);
}

function quirksOf(value: string | undefined): SandboxQuirks {
  const v = (value ?? "").trim().toLowerCase();
  if (v === "" || v === "none") return "none";
  if (v === "doc") return "doc";
  throw new Error(`SANDBOX_QUIRKS must be "doc" or "none", got "${value}"`);
}
