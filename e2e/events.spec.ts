import { createHash } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { planFor } from "@/sandbox/lifecycle";
import { E2E, storageStateFor, webhookSecrets } from "./env";
import { freshCpf } from "./register-helpers";

/**
 * Webhooks end to end: the sandbox notifies the back office as its clock advances; open pages
 * change without a reload (SSE -> query invalidation), and the event log shows each step.
 */
test.use({ storageState: storageStateFor("operator") });

const SHOTS = "test-results/shots";

/** An id the sandbox will complete (its plan is a pure function of the id). */
function idThatCompletes(prefix: string): string {
  for (let i = 0; ; i++) if (planFor(`${prefix}-${i}`) === "complete") return `${prefix}-${i}`;
}

async function advance(ms: number) {
  const res = await fetch(`${E2E.sandboxUrl}/_control/advance`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ms }),
  });
  expect(res.status).toBe(200);
}

/** Notes whether an element matching `selector` ever carried the flash-change class (it lasts 2.5 s). */
async function recordFlash(page: Page, selector: string) {
  await page.evaluate((sel) => {
    const w = window as unknown as { __flashed: boolean };
    w.__flashed = false;
    const look = () => {
      if (document.querySelector(`${sel}.flash-change`)) w.__flashed = true;
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
  }, selector);
  return () => page.evaluate(() => (window as unknown as { __flashed: boolean }).__flashed);
}

/**
 * Records every status the element shows, and marks the document so a reload would be noticed.
 * (A MutationObserver sees each step even if the next one follows quickly.)
 */
async function recordStatuses(page: Page, selector: string) {
  await page.evaluate((sel) => {
    const w = window as unknown as { __noReload: boolean; __statuses: string[] };
    w.__noReload = true;
    w.__statuses = [];
    const look = () => {
      const status = document.querySelector(sel)?.getAttribute("data-status");
      if (status && w.__statuses.at(-1) !== status) w.__statuses.push(status);
    };
    look();
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true });
  }, selector);
  return {
    statuses: () => page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses),
    stillSameDocument: () => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true),
  };
}

test("an authorized transfer moves through sent -> completed on open pages, and the log shows each step", async ({ page, context }) => {
  const id = idThatCompletes(`e2e-live-${Date.now().toString(36)}`);

  // Open before the payment exists: the log (filtered to it) and the payments table.
  const events = page;
  await events.goto(`/events?payment=${encodeURIComponent(id)}`);
  await expect(events.getByText("No notification matches these filters")).toBeVisible();
  await expect(events.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
  const table = await context.newPage();
  await table.goto("/payments");
  await expect(table.locator("tr[data-row]").first()).toBeVisible();

  const res = await page.request.post("/api/payments", {
    data: { idempotent_id: id, value_cents: 4_321, initiation_type: "dict", receiver_name: "Ana Souza", receiver_document: freshCpf(), pix_key_type: "email", pix_key: "ana.souza@example.com.br" },
  });
  expect(res.status()).toBe(201);
  const { payment } = (await res.json()) as { payment: { reference_code: string; status: string } };

  const detail = await context.newPage();
  await detail.goto(`/payments/${encodeURIComponent(id)}`);
  const badge = detail.getByRole("article", { name: "Payment detail" }).locator("[data-status]").first();
  await expect(badge).toBeVisible();
  const detailLog = await recordStatuses(detail, "article[aria-label='Payment detail'] [data-status]");
  const rowSelector = `tr[data-row]:has(a[href="/payments/${encodeURIComponent(id)}"]) [data-status]`;
  const tableLog = await recordStatuses(table, rowSelector);
  const detailFlashed = await recordFlash(detail, "[data-testid='payment-overview']");
  const rowFlashed = await recordFlash(table, `tr[data-row]:has(a[href="/payments/${encodeURIComponent(id)}"])`);

  // Sandbox clock: authorized -> sent.
  await advance(E2E.clockStepMs);
  await expect.poll(detailLog.statuses).toContain("sent");
  await expect(table.locator(rowSelector)).toBeVisible(); // the new row appeared without a reload
  await expect.poll(tableLog.statuses).toContain("sent");
  await expect(events.locator("tbody tr")).toHaveCount(1);
  await detail.screenshot({ path: `${SHOTS}/events-detail-sent.png` });
  await table.screenshot({ path: `${SHOTS}/events-table-sent.png` });

  // sent -> completed.
  await advance(E2E.clockStepMs);
  await expect(badge).toHaveAttribute("data-status", "completed");
  await expect(table.locator(rowSelector)).toHaveAttribute("data-status", "completed");
  expect(await detailLog.statuses()).toEqual(expect.arrayContaining(["sent", "completed"]));
  expect((await detailLog.statuses()).indexOf("sent")).toBeLessThan((await detailLog.statuses()).indexOf("completed"));
  expect((await tableLog.statuses()).slice(-2)).toEqual(["sent", "completed"]);
  expect(await detailLog.stillSameDocument()).toBe(true);
  expect(await tableLog.stillSameDocument()).toBe(true);
  // Each change is pointed out: the amount/status card and the table row flash.
  await expect.poll(detailFlashed).toBe(true);
  await expect.poll(rowFlashed).toBe(true);
  await detail.screenshot({ path: `${SHOTS}/events-detail-completed.png` });

  // The log, still the same page, shows both steps: old -> new, accepted, delivered once.
  const rows = events.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Completed");
  await expect(rows.nth(0).locator("[data-status]").first()).toHaveAttribute("data-status", "sent");
  await expect(rows.nth(1)).toContainText("first notice");
  await expect(rows.nth(1).locator("[data-status]")).toHaveAttribute("data-status", "sent");
  for (const i of [0, 1]) {
    await expect(rows.nth(i)).toContainText("Accepted");
    await expect(rows.nth(i)).toContainText("Once");
    await expect(rows.nth(i)).toContainText(payment.reference_code);
  }
  await expect(rows.nth(0).getByRole("link", { name: id })).toHaveAttribute("href", `/payments/${encodeURIComponent(id)}`);
  await events.screenshot({ path: `${SHOTS}/events-log.png`, fullPage: true });
});

test("the event stream reaches the browser unbuffered and uncompressed", async ({ page }) => {
  await page.goto("/events");
  const first = await page.evaluate(async () => {
    const controller = new AbortController();
    const res = await fetch("/api/events", { signal: controller.signal, headers: { "accept-encoding": "gzip, br" } });
    const reader = res.body!.getReader();
    const chunk = await reader.read();
    controller.abort();
    return {
      type: res.headers.get("content-type"),
      encoding: res.headers.get("content-encoding"),
      cache: res.headers.get("cache-control"),
      text: new TextDecoder().decode(chunk.value),
    };
  });
  expect(first.type).toContain("text/event-stream");
  expect(first.encoding).toBeNull();
  expect(first.cache).toContain("no-transform");
  expect(first.text).toContain("retry: 2000"); // the first bytes arrive at once, not when the stream ends
});

test("unauthenticated deliveries are refused and never logged; a signed one the provider does not confirm is kept as rejected", async ({ page }) => {
  const forged = { reference_code: "FORGED-REF-1", idempotent_id: `forged-${Date.now()}`, value_cents: 1_000 };
  const res = await page.request.post("/api/webhooks/pix", {
    headers: { authorization: "Bearer forged" },
    data: { notification_type: "pix_payment", message: forged, md5: "0".repeat(32) },
  });
  expect(res.status()).toBe(401);

  // Signed with the right Authorization and md5, for a payment the provider does not have.
  const { authorization, md5Secret } = webhookSecrets();
  const message = {
    ...forged,
    pix_key_type: "email",
    pix_key: "a@b.com.br",
    receiver_name: "Forjado",
    receiver_document: "39053344705",
    status: "completed",
    registration_date: "2026-11-21T09:15:02.123-03:00",
    payment_date: "2026-11-21T09:16:02.123-03:00",
    cancellation_date: null,
    cancellation_reason: null,
    end_to_end: null,
  };
  const md5 = createHash("md5").update(`payment.${forged.reference_code}.${forged.idempotent_id}.${forged.value_cents}.${md5Secret}`).digest("hex");
  const signed = await page.request.post("/api/webhooks/pix", { headers: { authorization }, data: { notification_type: "pix_payment", message, md5 } });
  expect(signed.status()).toBe(200);

  await page.goto("/events?result=rejected");
  const rows = page.locator("tbody tr");
  await expect(rows.first()).toContainText("Rejected: The provider has no such payment");
  await expect(rows.first()).toContainText(forged.idempotent_id);
  await expect(page.locator("tbody")).not.toContainText("Authorization header missing or wrong");
  await page.screenshot({ path: `${SHOTS}/events-rejected.png`, fullPage: true });
});

test.describe("as a viewer", () => {
  test.use({ storageState: storageStateFor("viewer") });
  test("the event log is not for viewers", async ({ page }) => {
    expect((await page.goto("/events"))?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();
  });
});
