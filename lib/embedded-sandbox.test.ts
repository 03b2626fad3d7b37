import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SANDBOX_SECRETS_FILE, sandboxSecrets } from "./embedded-sandbox";

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
    for (const s of [a, b]) {
      expect(s.clientSecret).not.toBe("sandbox-secret");
      expect(s.clientSecret.length).toBeGreaterThanOrEqual(32);
      expect(s.webhookAuthorization).toMatch(/^Bearer \S{32,}$/);
      expect(s.webhookAuthorization).not.toMatch(/sandbox-webhook-\d+/);
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
