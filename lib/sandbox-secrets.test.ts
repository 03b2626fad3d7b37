import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SANDBOX_SECRETS_FILE, sandboxSecrets } from "./sandbox-secrets";

const dirs: string[] = [];
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), "sandbox-secrets-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("sandbox mode's secrets", () => {
  it("are random per deployment, never the old guessable defaults", () => {
    const a = sandboxSecrets(fresh());
    const b = sandboxSecrets(fresh());
    expect(a.clientSecret).not.toBe(b.clientSecret);
    expect(a.webhookAuthorization).not.toBe(b.webhookAuthorization);
    expect(a.authSecret).not.toBe(b.authSecret);
    for (const s of [a, b]) {
      expect(s.clientSecret).not.toBe("sandbox-secret");
      expect(s.clientSecret.length).toBeGreaterThanOrEqual(32);
      expect(s.webhookAuthorization).toMatch(/^Bearer \S{32,}$/);
      expect(s.webhookAuthorization).not.toMatch(/sandbox-webhook-\d+/);
      expect(s.authSecret.length).toBeGreaterThanOrEqual(32);
    }
  });

  it("are kept under DATA_DIR (owner-only) and read back the same by every process of the deployment", () => {
    const dir = fresh();
    const first = sandboxSecrets(dir);
    expect(sandboxSecrets(dir)).toEqual(first);
    const file = join(dir, SANDBOX_SECRETS_FILE);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it("replace a file that does not hold usable secrets", () => {
    const dir = fresh();
    writeFileSync(join(dir, SANDBOX_SECRETS_FILE), '{"clientSecret":"short"}');
    const made = sandboxSecrets(dir);
    expect(made.clientSecret.length).toBeGreaterThanOrEqual(32);
    expect(sandboxSecrets(dir)).toEqual(made);
  });

  it("creates the data directory when it does not exist yet", () => {
    const dir = join(fresh(), "nested", "data");
    expect(sandboxSecrets(dir)).toEqual(sandboxSecrets(dir));
  });
});

describe("the configuration in sandbox mode (withSandboxSecrets)", () => {
  const parse = async (source: Record<string, string | undefined>) => {
    const { parseEnv, withSandboxSecrets } = await import("./env");
    return withSandboxSecrets(parseEnv(source), source);
  };

  it("takes the deployment's generated secrets instead of the fixed ones", async () => {
    const dir = fresh();
    const env = await parse({ NODE_ENV: "production", DATA_DIR: dir });
    const file = sandboxSecrets(dir);
    expect(env.clientSecret).toBe(file.clientSecret);
    expect(env.webhookAuthorization).toBe(file.webhookAuthorization);
    expect(env.authSecret).toBe(file.authSecret);
  });

  it("keeps what is set, and leaves a real provider's settings and unit tests alone", async () => {
    const dir = fresh();
    const set = await parse({ NODE_ENV: "production", DATA_DIR: dir, PAYMENTS_API_CLIENT_SECRET: "mine-mine-mine-mine-mine-mine-mine" });
    expect(set.clientSecret).toBe("mine-mine-mine-mine-mine-mine-mine");
    expect(set.webhookAuthorization).toBe(sandboxSecrets(dir).webhookAuthorization);
    expect((await parse({ NODE_ENV: "test", DATA_DIR: fresh() })).clientSecret).toBe("sandbox-secret");
    const real = await parse({
      NODE_ENV: "production",
      DATA_DIR: dir,
      PAYMENTS_API_URL: "https://provider.example",
      PAYMENTS_API_CLIENT_ID: "id",
      PAYMENTS_API_CLIENT_SECRET: "real-secret",
      PAYMENTS_WEBHOOK_AUTHORIZATION: "Bearer real",
      AUTH_SECRET: "a-real-auth-secret-of-32-characters!!",
    });
    expect(real.clientSecret).toBe("real-secret");
    expect(real.authSecret).toBe("a-real-auth-secret-of-32-characters!!");
  });
});
