import { readFile } from "node:fs/promises";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { excelText, readCsv } from "../lib/export/read-csv";
import { E2E, storageStateFor } from "./env";

/**
 * Exports as finance staff open them in Brazilian Excel: the whole multi-page query in one
 * file that agrees with the provider's totals; CSV in the Brazilian dialect (BOM, ";", 1234,56,
 * dd/mm/aaaa HH:mm:ss, business words in the caller's language), XLSX with typed cells;
 * progress with Cancel, audited, refused from other sites. The viewer's session is English;
 * the Portuguese test sets its own cookie.
 */
test.use({ storageState: storageStateFor("viewer") });

function brazilDay(daysAgo: number): string {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(at);
}

// Seeded history in a past window no longer changes while the file is written.
const QUERY = { status: "completed", registration_start_date: `${brazilDay(60)}T00:00:00`, registration_end_date: `${brazilDay(5)}T23:59:59` };
const STAMP = /\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}/;
const DATE_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/;
const DOCUMENT = /^(\d{3}\.\d{3}\.\d{3}-\d{2}|[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2})$/;

type Meta = { total_pages: number; total_items_amount: number; total_value_cents: number };

async function metaOf(page: Page, params: Record<string, string>): Promise<Meta> {
  const response = await page.request.get(`/api/payments?${new URLSearchParams(params).toString()}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { meta: Meta }).meta;
}

type AuditEntry = { actorEmail: string | null; outcome: string; detail: { rows?: number; format?: string; filters?: Record<string, string> } };

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

async function exportAs(page: Page, menuItem: RegExp) {
  const downloading = page.waitForEvent("download");
  await page.getByTestId("payments-export-button").click();
  await page.getByRole("group", { name: /File format|Formato do arquivo/ }).getByRole("button", { name: menuItem }).click();
  const download = await downloading;
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

async function portuguese(context: BrowserContext) {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
}

test.describe("payments export", () => {
  test("CSV: every row of a multi-page query in the Brazilian Excel dialect, with English headers for an English reader", async ({ page, browser }) => {
    const meta = await openTable(page, { ...QUERY, page: "2" });
    expect(meta.total_pages).toBeGreaterThan(3);
    const file = await exportAs(page, /CSV/);
    expect(file.name).toMatch(new RegExp(`^payments_${STAMP.source}\\.csv$`));
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM
    const text = file.bytes.toString("utf8");
    expect(text.split("\r\n")[0]).toContain(";");
    const [header, ...records] = readCsv(text);
    expect(header).toEqual([
      "Registered at (Brazil time)", "Status", "Amount", "Receiver name", "Receiver CPF/CNPJ", "Pix key type", "Pix key",
      "Bank", "Branch", "Account", "Partner ID", "Reference code", "End-to-end ID", "Paid at (Brazil time)", "Canceled at (Brazil time)", "Cancellation reason",
    ]);
    // Every page of the query, not just the one on screen; amounts with a decimal comma add up to the provider's total.
    expect(records).toHaveLength(meta.total_items_amount);
    expect(new Set(records.map((r) => excelText(r[10]!))).size).toBe(meta.total_items_amount);
    expect(records.reduce((sum, r) => sum + Number(r[2]!.replace(",", "")), 0)).toBe(meta.total_value_cents);
    // One assertion over all rows (an expect per cell would cost seconds in the runner): the rows that break the dialect.
    const odd = records.filter(
      (r) => !DATE_TIME.test(r[0]!) || r[1] !== "Completed" || !/^\d+,\d{2}$/.test(r[2]!) || !DOCUMENT.test(excelText(r[4]!)) || !DATE_TIME.test(r[13]!),
    );
    expect(odd).toEqual([]);
    await expect(page.getByTestId("payments-export-status")).toContainText(
      `(${new Intl.NumberFormat("pt-BR").format(meta.total_items_amount)} rows)`,
    );
    // Recorded before the file and after it, with the filters and the row count (the page is not a filter).
    await expect
      .poll(async () => {
        const entries = await exportAudit(browser);
        const ours = (e: AuditEntry) => e.detail.filters?.registration_start_date === QUERY.registration_start_date && e.detail.filters?.page === undefined;
        return entries.some((e) => ours(e) && e.outcome === "started") && entries.some((e) => ours(e) && e.outcome === "exported" && e.detail.rows === meta.total_items_amount);
      })
      .toBe(true);
  });

  test("XLSX in Portuguese: typed cells read back with exceljs", async ({ page, context }) => {
    await portuguese(context);
    const meta = await openTable(page, QUERY);
    const file = await exportAs(page, /Planilha Excel/);
    expect(file.name).toMatch(new RegExp(`^pagamentos_${STAMP.source}\\.xlsx$`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe("Pagamentos");
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.getRow(1).getCell(1).value).toBe("Registrado em (horário de Brasília)");
    expect(sheet.getRow(1).getCell(8).value).toBe("Banco");
    expect(sheet.getRow(1).getCell(11).value).toBe("ID do parceiro");
    expect(sheet.getColumn(1).width).toBeGreaterThan(10);
    expect(sheet.rowCount - 1).toBe(meta.total_items_amount);
    let cents = 0;
    const odd: number[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const typed =
        row.getCell(1).type === ExcelJS.ValueType.Date &&
        row.getCell(2).value === "Concluído" &&
        row.getCell(3).type === ExcelJS.ValueType.Number &&
        String(row.getCell(3).numFmt).includes("R$") &&
        row.getCell(5).type === ExcelJS.ValueType.String &&
        DOCUMENT.test(String(row.getCell(5).value));
      if (!typed) odd.push(n);
      cents += Math.round(Number(row.getCell(3).value) * 100);
    });
    // The rows whose cells are not typed as they should be (one assertion, not one per cell).
    expect(odd).toEqual([]);
    expect(cents).toBe(meta.total_value_cents);
    await expect(page.getByTestId("payments-export-status")).toContainText(/Arquivo pagamentos_.*\.xlsx salvo/);
  });

  test("progress shows rows of the total, and Cancel stops the export", async ({ page, browser }) => {
    const meta = await openTable(page, QUERY);
    // Slow provider pages so that the progress can be seen and the export canceled midway.
    const arm = await page.request.post(`${E2E.sandboxUrl}/_control/faults`, {
      data: { method: "GET", path: "/v1/pix/payments", fault: "delay", delayMs: 700, times: 100 },
    });
    expect(arm.ok()).toBe(true);
    try {
      let downloaded = false;
      page.on("download", () => (downloaded = true));
      await page.getByTestId("payments-export-button").click();
      await page.getByRole("button", { name: /CSV/ }).click();
      const progress = page.getByRole("progressbar", { name: "Export progress" });
      await expect(progress).toHaveAttribute("aria-valuemax", String(meta.total_items_amount));
      await expect(page.getByTestId("payments-export-progress")).toContainText(new RegExp(`of ${new Intl.NumberFormat("pt-BR").format(meta.total_items_amount)} rows`));
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

  test("the route validates its parameters like the list does, and its format", async ({ page }) => {
    const half = await page.request.get(`/api/payments/export?registration_start_date=${QUERY.registration_start_date}`);
    expect(half.status()).toBe(400);
    expect(((await half.json()) as { error: string }).error).toContain("registration_end_date");
    expect((await page.request.get("/api/payments/export?receiver_document=12a")).status()).toBe(400);
    expect((await page.request.get("/api/payments/export?format=pdf")).status()).toBe(400);
    const empty = await page.request.get("/api/payments/export?receiver_name=zzqxw-nobody");
    expect(empty.status()).toBe(200);
    expect(empty.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(empty.headers()["x-total-items"]).toBe("0");
    expect(readCsv(await empty.text())).toHaveLength(1);
  });

  test("another site cannot start an export with the user's session", async ({ page }) => {
    const refused: Record<string, string>[] = [{ "sec-fetch-site": "cross-site" }, { origin: "https://evil.example" }];
    for (const headers of refused) {
      const response = await page.request.get("/api/payments/export?status=completed", { headers });
      expect(response.status(), JSON.stringify(headers)).toBe(403);
      expect(response.headers()["content-disposition"]).toBeUndefined();
    }
    const own = await page.request.get("/api/payments/export?receiver_name=zzqxw-nobody", { headers: { "sec-fetch-site": "same-origin" } });
    expect(own.status()).toBe(200);
  });

  test("signed out, the export is refused", async ({ browser }) => {
    // An explicit empty state: new contexts would otherwise inherit the viewer's session.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const response = await context.request.get(`${E2E.appUrl}/api/payments/export`);
    expect(response.status()).toBe(401);
    await context.close();
  });
});

test.describe("audit log export", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("CSV and XLSX of the audit log, in the caller's language, refused from other sites and to other roles", async ({ page, browser }) => {
    const csv = await page.request.get("/api/audit/export?action=auth.sign_in");
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-disposition"]).toMatch(new RegExp(`filename="audit-log_${STAMP.source}\\.csv"`));
    const [header, ...rows] = readCsv(await csv.text());
    expect(header).toEqual(["Date and time (Brazil time)", "User", "Action", "Outcome", "Target", "IP address", "Details"]);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row[0]).toMatch(DATE_TIME);

    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
    const xlsx = await page.request.get("/api/audit/export?format=xlsx");
    expect(xlsx.headers()["content-disposition"]).toMatch(/filename="auditoria_.*\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await xlsx.body()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe("Auditoria");
    expect(sheet.getRow(1).getCell(1).value).toBe("Data e hora (horário de Brasília)");
    expect(sheet.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.Date);

    expect((await page.request.get("/api/audit/export", { headers: { "sec-fetch-site": "cross-site" } })).status()).toBe(403);
    const viewer = await browser.newContext({ storageState: storageStateFor("viewer") });
    expect((await viewer.request.get(`${E2E.appUrl}/api/audit/export`)).status()).toBe(403);
    await viewer.close();
  });
});
