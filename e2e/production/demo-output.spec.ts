import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";

/**
 * `npm run demo` as a person starts it, on the last build: a few readable start-up lines (Node,
 * the sandbox, the store, the address), then only warnings and errors. Opening a payment that
 * has no QR code (the provider's 406 -> our 404) and a payment that does not exist are a
 * client's business, not a warning: the demo prints nothing for them. The output is read after
 * the demo has stopped, so nothing it wrote can still be on its way.
 * Ports: E2E_DEMO_PORT (default 3660) and +1 for its sandbox.
 */
const ROOT = join(import.meta.dirname, "..", "..");

test("npm run demo: a short readable start-up, then nothing for a client's 404s", async ({ browser }) => {
  test.setTimeout(180_000);
  const port = Number(process.env.E2E_DEMO_PORT ?? 3660);
  const dataDir = mkdtempSync(join(tmpdir(), "pix-demo-e2e-"));
  const output: string[] = [];
  // The person's environment, less what the test runner or a CI sets for its own servers.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), SANDBOX_PORT: String(port + 1), DATA_DIR: dataDir };
  for (const name of ["LOG_LEVEL", "LOG_FORMAT", "NODE_ENV", "PAYMENTS_API_URL", "DATABASE_URL", "APP_URL", "HOST"]) delete env[name];
  const demo = spawn("npm", ["run", "--silent", "demo", "--", "--skip-build"], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  demo.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  demo.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => demo.once("exit", () => resolve()));
  const lines = () => output.join("").split("\n").filter((line) => line.trim());
  try {
    await expect.poll(() => lines().some((line) => line.startsWith("ready: ") || demo.exitCode !== null), { timeout: 150_000 }).toBe(true);
    expect(demo.exitCode, output.join("")).toBeNull();
    const startup = lines();
    expect(startup.length, startup.join("\n")).toBeLessThanOrEqual(6);
    // One address: the ready line says APP_URL, as the server's "started" line and e-mail links do.
    expect(startup.at(-1)).toMatch(new RegExp(`^ready: http://localhost:${port} `));
    expect(startup.filter((line) => line.startsWith("{")), "no JSON lines in the demo").toEqual([]);
    expect(startup.join("\n")).not.toMatch(/Next\.js|- Local:|"level"/);
    const said = startup.join("\n");
    expect(said).toMatch(/\bINFO {2}starting {2}node=v24\.\d+\.\d+ {2}mode=sandbox\b/);
    expect(said).toMatch(new RegExp(`INFO {2}sandbox provider started {2}url=http://127\\.0\\.0\\.1:${port + 1}`));
    expect(said).toMatch(/INFO {2}store ready {2}store="PGlite at /);
    expect(said).toMatch(new RegExp(`INFO {2}started {2}url=http://localhost:${port} {2}webhooks=registered`));

    // A viewer opens a payment without a QR code, and one that does not exist.
    const context = await browser.newContext({ baseURL: `http://localhost:${port}` });
    await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: `http://localhost:${port}` }]);
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill("viewer@demo.test");
    await page.getByLabel("Password").fill("demo-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await page.goto("/payments/sandbox-known-completed-no-qr");
    await expect(page.getByTestId("no-qrcode")).toBeVisible();
    expect((await page.request.get("/api/payments/no-such-payment-anywhere")).status()).toBe(404);
    await context.close();
  } finally {
    try {
      process.kill(-demo.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  const after = lines().slice(lines().findIndex((line) => line.startsWith("ready: ")) + 1);
  expect(after, "printed after start-up").toEqual([]);
});
