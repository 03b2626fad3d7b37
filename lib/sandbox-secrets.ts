import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The sandbox's client secret (also the webhooks' md5 key), the Authorization its deliveries carry,
 * and the key that signs this deployment's session cookies (AUTH_SECRET).
 */
type SandboxSecrets = { clientSecret: string; webhookAuthorization: string; authSecret: string };

const usable = (v: unknown): v is string => typeof v === "string" && v.length >= 32;

export const SANDBOX_SECRETS_FILE = "sandbox-secrets.json";

function secretsOf(value: Partial<SandboxSecrets>): SandboxSecrets | undefined {
  if (usable(value.clientSecret) && usable(value.webhookAuthorization) && usable(value.authSecret)) {
    return { clientSecret: value.clientSecret, webhookAuthorization: value.webhookAuthorization, authSecret: value.authSecret };
  }
  return undefined;
}

/**
 * Sandbox mode's secrets, never fixed defaults anyone could guess: made once per deployment with
 * random values, kept in `${dataDir}/sandbox-secrets.json` (mode 0600), and read by every process
 * of the deployment (they share DATA_DIR).
 */
export function sandboxSecrets(dataDir: string): SandboxSecrets {
  return keptInDataDir(dataDir, SANDBOX_SECRETS_FILE, secretsOf, () => ({
    clientSecret: `sbx_${randomBytes(24).toString("base64url")}`,
    webhookAuthorization: `Bearer whk_${randomBytes(24).toString("base64url")}`,
    authSecret: randomBytes(32).toString("base64url"),
  }));
}

function readKept<T>(file: string, accept: (value: Partial<T>) => T | undefined): T | undefined {
  try {
    return accept(JSON.parse(readFileSync(file, "utf8")) as Partial<T>);
  } catch {
    // Missing or unreadable: made by the caller.
    return undefined;
  }
}

/**
 * Values made once per deployment and kept in a JSON file of DATA_DIR (mode 0600), read by every
 * process of it. Synchronous, so the configuration can read them while it validates settings.
 * Created atomically: a file written aside and hard-linked into place, so two instances starting
 * at once end up with the same values.
 */
export function keptInDataDir<T>(dataDir: string, name: string, accept: (value: Partial<T>) => T | undefined, make: () => T): T {
  const file = path.resolve(dataDir, name);
  const existing = readKept(file, accept);
  if (existing) return existing;
  mkdirSync(path.dirname(file), { recursive: true });
  const made = make();
  const aside = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(aside, `${JSON.stringify(made, null, 2)}\n`, { mode: 0o600 });
  try {
    linkSync(aside, file);
    return made;
  } catch {
    // Another process won the race (or an unreadable file sits there): its values, if readable, win.
    const theirs = readKept(file, accept);
    if (theirs) return theirs;
    writeFileSync(file, `${JSON.stringify(made, null, 2)}\n`, { mode: 0o600 });
    return made;
  } finally {
    rmSync(aside, { force: true });
  }
}
