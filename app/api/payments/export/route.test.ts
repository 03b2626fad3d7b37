import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { excelText, readCsv } from "@/lib/export/read-csv";
import { setStoreForTests } from "@/lib/db";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { submitTransfer } from "@/lib/transfers/server/engine";
import { approvedRequest, TEST_ENGINE_SETTINGS } from "@/lib/transfers/testing/fixtures";

vi.mock("@/lib/auth/guard", () => ({
  requireApiUser: vi.fn(async () => ({ user: { id: "u-viewer", email: "viewer@demo.test", name: "V", role: "viewer" } })),
}));
const audit = vi.hoisted(() => ({ recordAudit: vi.fn(async (_entry: Record<string, unknown>) => {}) }));
vi.mock("@/lib/db/audit", () => audit);

const { GET } = await import("./route");

const APP = "http://localhost:3000";
const NO_PARAMS = { params: Promise.resolve({}) };
const exportOf = (query = "", headers: Record<string, string> = {}) =>
  GET(new Request(`${APP}/api/payments/export${query}`, { headers: { host: "localhost:3000", ...headers } }), NO_PARAMS);

let t: TestSandbox;
let store: TestStore;
beforeAll(async () => {
  t = await startTestSandbox({ seedCount: 450 });
  store = await TEST_ENGINES[0]!.open();
  setStoreForTests(store);
});
afterAll(async () => {
  setStoreForTests(undefined);
  await store?.close();
  await t.close();
});
beforeEach(() => {
  audit.recordAudit.mockReset();
  audit.recordAudit.mockImplementation(async () => {});
  t.calls.length = 0;
});

const outcomes = () => audit.recordAudit.mock.calls.map(([entry]) => entry.outcome);

describe("GET /api/payments/export", () => {
  it("answers CSV in the Brazilian Excel dialect by default, headers in Portuguese, named with Brazil's date and time", async () => {
    const res = await exportOf("?status=completed");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="pagamentos_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = readCsv(new TextDecoder().decode(bytes));
    expect(header?.slice(0, 3)).toEqual(["Registrado em (horário de Brasília)", "Situação", "Valor"]);
    expect(rows).toHaveLength(Number(res.headers.get("x-total-items")));
    for (const row of rows) {
      expect(row[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
      expect(row[1]).toBe("Concluído");
      expect(row[2]).toMatch(/^\d+,\d{2}$/);
      expect(excelText(row[4]!)).toMatch(/^(\d{3}\.\d{3}\.\d{3}-\d{2}|[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2})$/);
    }
    const cents = rows.reduce((sum, r) => sum + Number(r[2]!.replace(",", "")), 0);
    expect(cents).toBe(Number(res.headers.get("x-total-value-cents")));
  });

  it("a transfer this back office sent by bank account carries its bank, branch and account (with its digit); no key", async () => {
    const row = await approvedRequest(store.db, `export-bank-${Date.now().toString(36)}`, 25_000, {
      initiation_type: "manual",
      pix_key_type: undefined,
      pix_key: undefined,
      receiver_bank_ispb: "60701190",
      receiver_agency: "1",
      receiver_account: "100044",
      receiver_account_type: "CACC",
    });
    await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS);
    const res = await exportOf(`?reference_code=${(await t.paymentsWithId(row.idempotentId))[0]!.reference_code}`);
    const [header, line] = readCsv(await res.text());
    const cell = (name: string) => excelText(line![header!.indexOf(name)]!);
    expect(cell("Banco")).toBe("Itaú Unibanco (60701190)");
    expect(cell("Agência")).toBe("0001");
    expect(cell("Conta")).toBe("10004-4");
    expect(cell("Chave Pix")).toBe("");
  });

  it("writes headers in English for an English caller", async () => {
    const res = await exportOf("?status=canceled", { cookie: "NEXT_LOCALE=en" });
    expect(res.headers.get("content-disposition")).toMatch(/filename="payments_/);
    const [header, first] = readCsv(await res.text());
    expect(header?.slice(0, 3)).toEqual(["Registered at (Brazil time)", "Status", "Amount"]);
    expect(first?.[1]).toBe("Canceled");
  });

  it("answers ?format=xlsx with a workbook whose rows are the query's", async () => {
    const res = await exportOf("?format=xlsx&status=completed");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toMatch(/filename="pagamentos_.*\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe("Pagamentos");
    expect(sheet.rowCount - 1).toBe(Number(res.headers.get("x-total-items")));
    expect(sheet.getRow(2).getCell(3).type).toBe(ExcelJS.ValueType.Number);
  });

  it("refuses a format it does not write", async () => {
    const res = await exportOf("?format=pdf");
    expect(res.status).toBe(400);
    expect(res.headers.get("content-disposition")).toBeNull();
    expect(await res.json()).toMatchObject({ fields: { format: "deve ser csv ou xlsx" } });
    const english = await exportOf("?format=pdf", { cookie: "NEXT_LOCALE=en" });
    expect(await english.json()).toMatchObject({ fields: { format: "must be csv or xlsx" } });
  });

  it.each([
    ["another site's page (Sec-Fetch-Site: cross-site)", { "sec-fetch-site": "cross-site" }],
    ["a sibling site (Sec-Fetch-Site: same-site)", { "sec-fetch-site": "same-site" }],
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["Origin null", { origin: "null" }],
  ])("refuses a request from %s with 403, before asking the provider or the audit log", async (_label, headers) => {
    const res = await exportOf("?status=completed", headers);
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(t.calls).toHaveLength(0);
    expect(audit.recordAudit).not.toHaveBeenCalled();
  });

  it.each([
    ["a click in the app (same-origin)", { "sec-fetch-site": "same-origin" }],
    ["a typed address (none)", { "sec-fetch-site": "none" }],
    ["our own Origin", { origin: APP }],
    ["a script without browser headers", {}],
  ])("serves %s", async (_label, headers) => {
    const res = await exportOf("?status=completed", headers);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });

  it("records the export before the first byte, and its end with the rows written", async () => {
    const res = await exportOf("?status=completed&page=3");
    expect(outcomes()).toEqual(["started"]);
    const started = audit.recordAudit.mock.calls[0]![0] as { detail: { filters: Record<string, unknown>; format: string } };
    expect(started.detail.filters).toEqual({ status: "completed" });
    expect(started.detail.format).toBe("csv");
    const rows = readCsv(await res.text()).length - 1;
    await vi.waitFor(() => expect(outcomes()).toEqual(["started", "exported"]));
    expect(audit.recordAudit.mock.calls[1]![0]).toMatchObject({ action: "payment.export", detail: { rows } });
  });

  it("sends no file when the audit row cannot be written", async () => {
    audit.recordAudit.mockImplementation(async () => {
      throw new Error("audit store down");
    });
    const res = await exportOf("?status=completed");
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(res.headers.get("content-disposition")).toBeNull();
    expect(((await res.json()) as { error: string }).error).toBeTruthy();
  });
});
