import { readFile } from "node:fs/promises";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { readCsv } from "../lib/export/read-csv";
import { E2E, storageStateFor } from "./env";

/**
 * "Export CSV" of the payments table, as a viewer: the whole multi-page query in one file
 * that agrees with the provider's totals, progress with Cancel, and a validated route.
 */
test.use({ storageState: storageStateFor("viewer") });

function brazilDay(daysAgo: number): string {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(at);
}

// Seeded history in a past window no longer changes while the file is written.
const QUERY = { status: "completed", registration_start_date: `${brazilDay(60)}T00:00:00`, registration_end_date: `${brazilDay(5)}T23:59:59` };

async function metaOf(page: Page, params: Record<string, string>) {
  const response = await page.request.get(`/api/payments?${new URLSearchParams(params).toString()}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { meta: { total_pages: number; total_items_amount: number; total_value_cents: number } }).meta;
}

type AuditEntry = { actorEmail: string | null; outcome: string; detail: { rows?: number; filters?: Record<string, string> } };

/** The viewer's export entries in the audit log, read as an admin. */
async function exportAudit(browser: Browser): Promise<AuditEntry[]> {
  const admin = await browser.newContext({ storageState: storageStateFor("admin") });
  const response = await admin.request.get(`${E2E.appUrl}/api/audit?action=payment.export&actor=viewer@demo.test&pageSize=200`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { entries: AuditEntry[] };
  await admin.close();
  return body.entries;
}

async function openTable(page: Page, params: Record<string, string>) {
  const meta = await metaOf(page, params);
  await page.goto(`/payments?${new URLSearchParams(params).toString()}`);
  await expect(page.getByTestId("total-payments")).toHaveAttribute("data-value", String(meta.total_items_amount));
  return meta;
}

test.describe("payments export", () => {
  test("a multi-page query downloads one CSV with every row and the provider's total", async ({ page, browser }) => {
    const meta = await openTable(page, { ...QUERY, page: "2" });
    expect(meta.total_pages).toBeGreaterThan(3);
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^payments-.*\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM
    const rows = readCsv(bytes.toString("utf8"));
    const [header, ...records] = rows;
    expect(header).toEqual([
      "idempotent_id", "reference_code", "status", "value_cents", "value_brl", "receiver_name", "receiver_document",
      "pix_key_type", "pix_key", "end_to_end", "registration_date", "payment_date", "cancellation_date", "cancellation_reason",
    ]);
    // Every page of the query, not just the one on screen.
    expect(records).toHaveLength(meta.total_items_amount);
    expect(new Set(records.map((r) => r[0])).size).toBe(meta.total_items_amount);
    expect(records.reduce((sum, r) => sum + Number(r[3]), 0)).toBe(meta.total_value_cents);
    for (const r of records) {
      expect(r[2]).toBe("completed");
      expect(Math.round(Number(r[4]) * 100)).toBe(Number(r[3]));
      expect(r[10]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/);
    }
    await expect(page.getByRole("status").filter({ hasText: "Saved payments-" })).toContainText(
      `(${new Intl.NumberFormat("pt-BR").format(meta.total_items_amount)} rows)`,
    );
    // Recorded in the audit log with the filters and the row count (the page is not a filter).
    await expect
      .poll(async () =>
        (await exportAudit(browser)).some(
          (e) =>
            e.outcome === "exported" &&
            e.detail.rows === meta.total_items_amount &&
            e.detail.filters?.registration_start_date === QUERY.registration_start_date &&
            e.detail.filters?.page === undefined,
        ),
      )
      .toBe(true);
  });

  test("progress shows pages done of total, and Cancel stops the export", async ({ page, browser }) => {
    const meta = await openTable(page, QUERY);
    // Slow provider pages so that the progress can be seen and the export cancelled midway.
    const arm = await page.request.post(`${E2E.sandboxUrl}/_control/faults`, {
      data: { method: "GET", path: "/v1/pix/payments", fault: "delay", delayMs: 700, times: 100 },
    });
    expect(arm.ok()).toBe(true);
    try {
      let downloaded = false;
      page.on("download", () => (downloaded = true));
      await page.getByRole("button", { name: "Export CSV" }).click();
      const progress = page.getByRole("progressbar", { name: "Export progress" });
      await expect(progress).toHaveAttribute("aria-valuemax", String(meta.total_pages));
      await expect(page.getByTestId("export-progress")).toContainText(new RegExp(`Page [12] of ${meta.total_pages}`));
      await page.getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByText("Export canceled")).toBeVisible();
      await expect(progress).toHaveCount(0);
      expect(downloaded).toBe(false);
      // The server stopped reading pages and says so in the audit log.
      await expect.poll(async () => (await exportAudit(browser)).some((e) => e.outcome === "canceled")).toBe(true);
    } finally {
      await page.request.delete(`${E2E.sandboxUrl}/_control/faults`);
    }
  });

  test("the route validates its parameters like the list does", async ({ page }) => {
    const half = await page.request.get(`/api/payments/export?registration_start_date=${QUERY.registration_start_date}`);
    expect(half.status()).toBe(400);
    expect(((await half.json()) as { error: string }).error).toContain("registration_end_date");
    const bad = await page.request.get("/api/payments/export?receiver_document=12a");
    expect(bad.status()).toBe(400);
    const ok = await page.request.get("/api/payments/export?receiver_name=zzqxw-nobody");
    expect(ok.status()).toBe(200);
    expect(ok.headers()["content-type"]).toContain("text/csv");
    expect(ok.headers()["x-total-items"]).toBe("0");
    expect(readCsv(await ok.text())).toHaveLength(1);
  });

  test("signed out, the export is refused", async ({ browser }) => {
    // An explicit empty state: new contexts would otherwise inherit the viewer's session.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const response = await context.request.get(`${E2E.appUrl}/api/payments/export`);
    expect(response.status()).toBe(401);
    await context.close();
  });
});
