import ExcelJS from "exceljs";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AuditEntry, AuditPage } from "@/lib/db/audit";
import { readCsv } from "@/lib/export/read-csv";
import { guardRefusal } from "@/lib/testing/guard-refusal";

const auth = vi.hoisted(() => ({ role: "admin" as "admin" | "viewer" }));
vi.mock("@/lib/auth/guard", () => ({
  requireApiUser: vi.fn(async () =>
    auth.role === "admin"
      ? { user: { id: "u-admin", email: "admin@demo.test", name: "A", role: "admin" } }
      : { response: guardRefusal(403, "Your role may not read the audit log") },
  ),
}));

function entry(n: number): AuditEntry {
  return {
    id: n,
    at: new Date(Date.UTC(2026, 2, 1, 12, 0, n % 60)).toISOString(),
    actorId: "u-1",
    actorEmail: "operator@demo.test",
    action: n % 2 ? "payment.register" : "auth.sign_in",
    target: n % 2 ? `pedido-${n}` : null,
    outcome: "success",
    detail: { value_cents: n, note: "a; b" },
    ip: "203.0.113.9",
    requestId: null,
  };
}
const LOG = Array.from({ length: 450 }, (_, i) => entry(i + 1));
const store = vi.hoisted(() => ({
  listAudit: vi.fn(),
  recordAudit: vi.fn(async (_entry: Record<string, unknown>) => {}),
}));
vi.mock("@/lib/db/audit", () => store);

const { GET } = await import("./route");
const APP = "http://localhost:3000";
const NO_PARAMS = { params: Promise.resolve({}) };
const exportOf = (query = "", headers: Record<string, string> = {}) =>
  GET(new Request(`${APP}/api/audit/export${query}`, { headers: { host: "localhost:3000", ...headers } }), NO_PARAMS);

beforeEach(() => {
  auth.role = "admin";
  store.recordAudit.mockReset();
  store.recordAudit.mockImplementation(async () => {});
  store.listAudit.mockReset();
  store.listAudit.mockImplementation(async (q: { page: number; pageSize: number }): Promise<AuditPage> => ({
    entries: LOG.slice((q.page - 1) * q.pageSize, q.page * q.pageSize),
    total: LOG.length,
    nextCursor: null,
    page: q.page,
    pageSize: q.pageSize,
    pageCount: Math.ceil(LOG.length / q.pageSize),
  }));
});

describe("GET /api/audit/export", () => {
  it("writes every entry of the filters, pages of the store one after the other, as a Brazilian CSV", async () => {
    const res = await exportOf("?action=payment.register&from=2026-03-01");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/filename="auditoria_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = readCsv(await res.text());
    expect(header).toEqual(["Data e hora (horário de Brasília)", "Usuário", "Ação", "Resultado", "Alvo", "Endereço IP", "Detalhes"]);
    expect(rows).toHaveLength(450);
    expect(rows[0]).toEqual(["01/03/2026 09:00:01", "operator@demo.test", expect.any(String), expect.any(String), "pedido-1", '="203.0.113.9"', "value_cents: 1; note: a; b"]);
    expect(store.listAudit.mock.calls.map(([q]) => q.page)).toEqual([1, 2, 3]);
    const [first] = store.listAudit.mock.calls[0]!;
    expect(first).toMatchObject({ action: "payment.register", pageSize: 200 });
    expect(first.from).toEqual(new Date("2026-03-01T03:00:00.000Z"));
  });

  it("reads the log as it was when asked: later entries (its own too) stay out", async () => {
    const before = Date.now();
    await (await exportOf("")).arrayBuffer();
    const to = (store.listAudit.mock.calls[0]![0] as { to: Date }).to;
    expect(to.getTime()).toBeGreaterThanOrEqual(before);
    expect(to.getTime()).toBeLessThanOrEqual(Date.now());
    expect(store.listAudit.mock.calls.every(([q]) => (q as { to: Date }).to === to)).toBe(true);
  });

  it("answers ?format=xlsx with dates as dates and the header frozen", async () => {
    const res = await exportOf("?format=xlsx", { cookie: "NEXT_LOCALE=en" });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe("Audit log");
    expect(sheet.getRow(1).getCell(1).value).toBe("Date and time (Brazil time)");
    expect(sheet.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.rowCount).toBe(451);
  });

  it("is recorded before the first byte and at its end", async () => {
    const res = await exportOf("");
    expect(store.recordAudit.mock.calls.map(([e]) => [e.action, e.outcome])).toEqual([["audit.export", "started"]]);
    await res.arrayBuffer();
    await vi.waitFor(() => expect(store.recordAudit).toHaveBeenCalledTimes(2));
    expect(store.recordAudit.mock.calls[1]![0]).toMatchObject({ outcome: "exported", detail: { rows: 450 } });
  });

  it("sends no file when the audit row cannot be written", async () => {
    store.recordAudit.mockImplementation(async () => {
      throw new Error("audit store down");
    });
    const res = await exportOf("");
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(res.headers.get("content-disposition")).toBeNull();
  });

  it("refuses cross-site requests and other roles", async () => {
    expect((await exportOf("", { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await exportOf("", { origin: "https://evil.example" })).status).toBe(403);
    auth.role = "viewer";
    expect((await exportOf("")).status).toBe(403);
    expect(store.listAudit).not.toHaveBeenCalled();
  });

  it("refuses filters it cannot read, in JSON", async () => {
    const res = await exportOf("?from=31/02/2026");
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
  });
});
