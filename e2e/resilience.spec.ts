import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { addCalendarDays } from "../lib/insights/buckets";
import { brazilDayKey } from "../lib/pix/time";
import { E2E, storageStateFor } from "./env";
import { reviewedId, freshCpf } from "./register-helpers";

/** This worker's sandbox. */
const SANDBOX_URL = E2E.sandboxUrl;

/**
 * Provider faults (sandbox /_control/faults) on every page that reads from the provider: the page
 * shows the reason and a working Retry, nothing crashes, and once the fault is cleared Retry
 * brings the data back in the same document (no reload). Registration under each fault leaves
 * exactly one payment after the offered recovery, never two.
 *
 * Budget per page load: the server render asks once (reads: up to 3 attempts, as
 * PAYMENTS_API_READ_RETRIES defaults to 2; a timeout is not retried), the browser asks again and
 * retries once on a 5xx, so a read fault is armed for 20 calls (more than 3 x 3) and cleared
 * before Retry. The e2e server times provider calls out after E2E.providerTimeoutMs (2 s).
 */
test.use({ storageState: storageStateFor("operator") });

const SHOTS = "test-results/shots";
const PAYMENT = "sandbox-known-completed-qr";
const QRCODE = "E18236120202611161230SBXQRPAID01";

/** An answer that comes, but after our timeout. */
const SLOW_MS = E2E.providerTimeoutMs + 1_000;

type Fault = { name: string; slug: string; spec: { fault: string; delayMs?: number }; reason: RegExp; retried: boolean };
const FAULTS: Fault[] = [
  { name: "timeout", slug: "timeout", spec: { fault: "timeout" }, reason: /did not answer in time/i, retried: false },
  { name: "connection reset", slug: "reset", spec: { fault: "reset" }, reason: /could not reach the payments provider/i, retried: true },
  { name: "HTTP 500", slug: "500", spec: { fault: "500" }, reason: /failed \(HTTP 500\)/i, retried: true },
  { name: "malformed JSON", slug: "malformed", spec: { fault: "malformed-json" }, reason: /sent an answer we could not read|sent a malformed answer/i, retried: false },
  {
    name: `slow answer (${SLOW_MS / 1000} s, beyond the ${E2E.providerTimeoutMs / 1000} s timeout)`,
    slug: "slow",
    spec: { fault: "delay", delayMs: SLOW_MS },
    reason: /did not answer in time/i,
    retried: false,
  },
];

async function arm(request: APIRequestContext, spec: Record<string, unknown>) {
  const res = await request.post(`${SANDBOX_URL}/_control/faults`, { data: spec });
  expect(res.status(), await res.text()).toBe(201);
}
const clearFaults = async (request: APIRequestContext) => {
  await request.delete(`${SANDBOX_URL}/_control/faults`);
};
async function sandboxState(request: APIRequestContext) {
  const res = await request.get(`${SANDBOX_URL}/_control/state`);
  return (await res.json()) as { payments: { registered: number }; faults: unknown[] };
}

/** Uncaught errors in the page: "nothing crashes" means none. */
function watchCrashes(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  return errors;
}
/** A mark that survives only as long as the document: Retry must not reload the page. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test.afterEach(async ({ request }) => clearFaults(request));

type Target = { name: string; slug: string; url: string; path: string; alert: string; ready: (page: Page) => ReturnType<Page["locator"]> };
const TARGETS: Target[] = [
  { name: "payments table", slug: "table", url: "/payments", path: "/v1/pix/payments", alert: "Could not load payments", ready: (p) => p.locator("tbody tr[data-row]").first() },
  { name: "payment detail", slug: "detail", url: `/payments/${PAYMENT}`, path: "/v1/pix/payments/*", alert: "Could not load this payment", ready: (p) => p.getByRole("article", { name: "Payment detail" }) },
  { name: "QR code", slug: "qrcode", url: `/qrcodes/${QRCODE}`, path: "/v1/pix/qrcodes/*", alert: "Could not load this QR code record", ready: (p) => p.getByRole("article", { name: "QR code detail" }) },
];

for (const target of TARGETS) {
  test.describe(target.name, () => {
    for (const fault of FAULTS) {
      test(`${fault.name}: the reason and a working Retry`, async ({ page, request }) => {
        const crashes = watchCrashes(page);
        await arm(request, { method: "GET", path: target.path, ...fault.spec, times: 20 });
        await page.goto(target.url);
        const alert = page.getByRole("alert").filter({ hasText: target.alert });
        await expect(alert).toBeVisible({ timeout: 30_000 });
        await expect(alert).toContainText(fault.reason);
        await expect(target.ready(page)).toBeHidden(); // never an empty or stale view under the alert
        await page.screenshot({ path: `${SHOTS}/resilience-${target.slug}-${fault.slug}.png`, fullPage: true });

        await markDocument(page);
        await clearFaults(request);
        await alert.getByRole("button", { name: "Retry" }).click();
        await expect(target.ready(page)).toBeVisible({ timeout: 15_000 });
        await expect(alert).toHaveCount(0);
        expect(await sameDocument(page)).toBe(true);
        expect(crashes).toEqual([]);
      });
    }
  });
}

test.describe("overview", () => {
  FAULTS.forEach((fault, i) => {
    test(`${fault.name}: missing figures named, Retry completes them`, async ({ page, request }) => {
      const crashes = watchCrashes(page);
      // A range of its own per test: answers are cached for 15 s, a cached range would not ask.
      const to = addCalendarDays(brazilDayKey(new Date()), -(10 * i + 3));
      const from = addCalendarDays(to, -6);
      // 8 calls run at once: make the first 8 fail (each retried twice when the fault is retried).
      await arm(request, { method: "GET", path: "/v1/pix/payments", ...fault.spec, times: fault.retried ? 24 : 8 });
      await page.goto(`/?from=${from}&to=${to}`);
      const incomplete = page.getByRole("alert").filter({ hasText: /Incomplete|Could not load/ });
      await expect(incomplete.first()).toBeVisible({ timeout: 30_000 });
      await expect(incomplete.first()).toContainText(fault.reason);
      await expect(page.getByText("unavailable").first()).toBeVisible(); // never a silent zero
      await page.screenshot({ path: `${SHOTS}/resilience-overview-${fault.slug}.png`, fullPage: true });

      await markDocument(page);
      await clearFaults(request);
      for (let left = await incomplete.count(); left > 0; left -= 1) {
        await incomplete.first().getByRole("button", { name: "Retry" }).click();
        await expect(incomplete).toHaveCount(left - 1, { timeout: 15_000 });
      }
      await expect(page.getByRole("region", { name: "Headline figures" })).toBeVisible();
      await expect(page.getByText("unavailable")).toHaveCount(0);
      expect(await sameDocument(page)).toBe(true);
      expect(crashes).toEqual([]);
    });
  });
});

test.describe("token endpoint down", () => {
  // The server caches its token (30 min in the sandbox) and nothing in the sandbox's /_control/
  // expires it, so a browser test cannot make the server ask for a new one: the refresh path is
  // covered by lib/payments-api/token-down.property.test.ts. What a browser can check: while the
  // token endpoint is down, every page keeps working on the cached token.
  test("every page keeps working on the cached token", async ({ page, request }) => {
    const crashes = watchCrashes(page);
    await arm(request, { path: "/auth/generate_token", fault: "500", times: 1_000 });
    for (const target of TARGETS) {
      await page.goto(target.url);
      await expect(target.ready(page)).toBeVisible();
      await expect(page.getByRole("alert").filter({ hasText: /could not load/i })).toHaveCount(0);
    }
    await page.goto("/");
    await expect(page.getByTestId("status-card")).toBeVisible();
    // Any alert of ours has words; Next's route announcer is an empty role=alert (it appears once
    // the page has hydrated, so counting it made this test depend on timing).
    await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveCount(0);
    expect(crashes).toEqual([]);
  });
});

test.describe("register under faults", () => {
  const uniqueName = (what: string) => `E2E fault ${what} ${Date.now().toString(36)}`;

  async function reviewTransfer(page: Page, name: string): Promise<string> {
    await page.goto("/payments/new");
    await page.getByLabel("Amount").fill("12,34");
    await page.getByLabel("Receiver name").fill(name);
    await page.getByLabel("Receiver CPF/CNPJ").fill(freshCpf());
    await page.getByLabel("Pix key type").selectOption("email");
    await page.getByLabel("Pix key", { exact: true }).fill("fault@example.com");
    await page.getByRole("button", { name: "Review" }).click();
    return reviewedId(page);
  }

  /**
   * The engine settles every fault by itself (a lost answer is read back, then sent again with the
   * same id): the operator never has to choose, and lands on the payment once it is registered.
   */
  const landsOnPayment = (page: Page, id: string) =>
    expect(page).toHaveURL(new RegExp(`/payments/${id}\\?registered=1$`), { timeout: 30_000 });

  for (const fault of FAULTS) {
    test(`${fault.name} on the registration: settled by the engine, exactly one payment`, async ({ page, request }) => {
      const crashes = watchCrashes(page);
      const id = await reviewTransfer(page, uniqueName(fault.slug));
      const before = (await sandboxState(request)).payments.registered;
      await arm(request, { method: "POST", path: "/v1/pix/payments", ...fault.spec, times: 1 });
      const clicked = Date.now();
      await page.getByRole("button", { name: "Confirm transfer" }).click();
      await landsOnPayment(page, id);
      // A slow answer is still committed by the sandbox after we gave up: let it land, then count.
      const landed = clicked + (fault.spec.delayMs ?? 0) + 500 - Date.now();
      if (landed > 0) await page.waitForTimeout(landed);
      expect((await sandboxState(request)).payments.registered - before).toBe(1);
      const read = await page.request.get(`/api/payments/${id}`);
      expect(read.status()).toBe(200);
      expect(crashes).toEqual([]);
    });
  }

  test("registration lost and the read-back failing too: outcome unknown, never sent blind, then settled to one payment", async ({ page, request }) => {
    const crashes = watchCrashes(page);
    const id = await reviewTransfer(page, uniqueName("unknown"));
    const before = (await sandboxState(request)).payments.registered;
    await arm(request, { method: "POST", path: "/v1/pix/payments", fault: "timeout", times: 1 });
    await page.getByRole("button", { name: "Confirm transfer" }).click();
    // Once the POST is being held, break the read-back as well.
    await expect.poll(async () => (await sandboxState(request)).faults.length).toBe(0);
    await arm(request, { method: "GET", path: "/v1/pix/payments/*", fault: "500", times: 1_000 });
    const outcome = page.getByTestId("register-outcome");
    await expect(outcome.filter({ hasText: "The provider's answer was lost" })).toBeVisible({ timeout: 20_000 });
    // Nothing offers to send it again while its outcome is unknown.
    await expect(outcome.getByRole("button", { name: /send again/i })).toHaveCount(0);
    expect((await sandboxState(request)).payments.registered - before).toBeLessThanOrEqual(1);
    await page.screenshot({ path: `${SHOTS}/resilience-register-unknown.png`, fullPage: true });
    await clearFaults(request);
    await landsOnPayment(page, id);
    expect((await sandboxState(request)).payments.registered - before).toBe(1);
    expect(crashes).toEqual([]);
  });
});
