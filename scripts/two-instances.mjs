// Two dashboard instances on one real PostgreSQL: a webhook received by instance B appears
// live in a browser connected to instance A (LISTEN/NOTIFY fan-out).
//
//   source scripts/pg-test.sh && npx next build && node scripts/two-instances.mjs
//
// Starts A (port 3501, which starts the embedded sandbox on 4510) and then B (port 3502, which
// finds that sandbox running and registers ITS receiver, so the sandbox now delivers to B only).
// A browser signs in to A, registers a transfer there and keeps its detail page open; the
// sandbox clock is advanced; the page must change without a reload. Exit code 0 = proven.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { chromium } from "@playwright/test";
import postgres from "postgres";

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error("TEST_DATABASE_URL is not set: run `source scripts/pg-test.sh` first");
  process.exit(2);
}
const SANDBOX = "http://127.0.0.1:4510";
const A = { name: "A", port: 3501 };
const B = { name: "B", port: 3502 };
const dbName = `pix_two_${randomBytes(4).toString("hex")}`;
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const children = [];

const say = (msg) => console.log(`[two-instances] ${msg}`);

async function sql(url, text) {
  const client = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    return await client.unsafe(text);
  } finally {
    await client.end({ timeout: 5 });
  }
}

function start(instance) {
  const dataDir = `.data/two-${instance.name.toLowerCase()}`;
  rmSync(dataDir, { recursive: true, force: true });
  const env = {
    ...process.env,
    PORT: String(instance.port),
    APP_URL: `http://localhost:${instance.port}`,
    SANDBOX_PORT: "4510",
    SANDBOX_STORE: "memory",
    SANDBOX_CLOCK_STEP_MS: "600000", // the script moves the clock itself
    DATABASE_URL: dbUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  };
  delete env.PAYMENTS_API_URL;
  const child = spawn("node_modules/.bin/next", ["start", "-p", String(instance.port)], { env, stdio: "inherit", detached: true });
  children.push(child);
  return child;
}

async function waitHealthy(instance) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://localhost:${instance.port}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`instance ${instance.name} did not become healthy`);
}

async function advance(ms) {
  const res = await fetch(`${SANDBOX}/_control/advance`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ms }),
  });
  if (!res.ok) throw new Error(`advance answered ${res.status}`);
}

async function main() {
  await sql(adminUrl, `CREATE DATABASE "${dbName}"`);
  say(`database ${dbName}`);
  start(A);
  await waitHealthy(A);
  start(B);
  await waitHealthy(B);
  const state = await (await fetch(`${SANDBOX}/_control/state`)).json();
  const hook = state.webhooks.find((w) => w.type_id === 2);
  if (!hook?.url.includes(`:${B.port}/`)) throw new Error(`the sandbox should deliver to B, not ${hook?.url}`);
  say(`sandbox delivers webhooks to ${hook.url} (instance B)`);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const context = await browser.newContext({ baseURL: `http://localhost:${A.port}` });
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill("operator@demo.test");
    await page.getByLabel("Password").fill(process.env.DEMO_PASSWORD ?? "demo-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));

    const id = `two-cancel-${Date.now().toString(36)}`; // "cancel" in the id: sent, then canceled
    const res = await page.request.post("/api/payments", {
      data: { idempotent_id: id, value_cents: 777, authorized: true, initiation_type: "dict", receiver_name: "Bia Lima", receiver_document: "11144477735", pix_key_type: "email", pix_key: "two@example.com.br" },
    });
    if (res.status() !== 201) throw new Error(`register answered ${res.status()}: ${await res.text()}`);
    // The event log is live by itself; the detail page is live once the shell mounts <LiveUpdates />.
    const log = page;
    await log.goto(`/events?payment=${encodeURIComponent(id)}`);
    await log.getByText("No notification matches these filters").waitFor();
    const detail = await context.newPage();
    await detail.goto(`/payments/${encodeURIComponent(id)}`);
    const badge = detail.locator("article[aria-label='Payment detail'] [data-status]").first();
    await badge.waitFor();
    for (const p of [log, detail]) await p.evaluate(() => (window.__sameDocument = true));
    say(`browser on A shows ${id} as ${await badge.getAttribute("data-status")}`);

    for (const [expected, rows] of [["sent", 1], ["canceled", 2]]) {
      await advance(600_000);
      await log.waitForFunction((n) => document.querySelectorAll("tbody tr").length === n, rows, { timeout: 20_000 });
      say(`event log on A shows ${rows} notification(s), newest: ${await log.locator("tbody tr").first().innerText()}`);
      const live = await detail
        .waitForFunction(
          (want) => document.querySelector("article[aria-label='Payment detail'] [data-status]")?.getAttribute("data-status") === want,
          expected,
          { timeout: 10_000 },
        )
        .then(() => true, () => false);
      say(`detail page on A ${live ? `now shows "${expected}"` : "did not change (is <LiveUpdates /> mounted in the layout?)"}`);
      if (!live && process.env.REQUIRE_DETAIL_LIVE) throw new Error("the detail page did not change");
    }
    for (const p of [log, detail]) {
      if (!(await p.evaluate(() => window.__sameDocument === true))) throw new Error("a page was reloaded");
    }
    const rows = await sql(dbUrl, `select status, ip from webhook_events where idempotent_id = '${id}' order by id`);
    say(`stored once each: ${rows.map((r) => r.status).join(", ")}`);
    await log.screenshot({ path: "test-results/shots/two-instances-a-events.png", fullPage: true });
    await detail.screenshot({ path: "test-results/shots/two-instances-a-detail.png" });
    say("PROVEN: an event received by instance B appeared live in a browser connected to instance A");
  } finally {
    await browser.close();
  }
}

async function cleanup() {
  for (const child of children) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  await new Promise((r) => setTimeout(r, 1500));
  await sql(adminUrl, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
}

main()
  .then(async () => {
    await cleanup();
    process.exit(0);
  })
  .catch(async (error) => {
    console.error(`[two-instances] FAILED: ${error instanceof Error ? error.message : error}`);
    await cleanup();
    process.exit(1);
  });
