import ExcelJS from "exceljs";
import { parse as parseOfx } from "ofx-js";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setStoreForTests } from "@/lib/db";
import { listAudit } from "@/lib/db/audit";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { excelText, readCsv } from "@/lib/export/read-csv";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { statementAnswerSchema, type StatementAnswer } from "@/lib/statement/answer";
import { brazilDayKey } from "@/lib/pix/time";
import type { Movement } from "@/lib/statement/movements";

vi.mock("@/lib/auth/guard", () => ({
  requireApiUser: vi.fn(async () => ({ user: { id: "u-viewer", email: "viewer@demo.test", name: "V", role: "viewer" } })),
}));

const { GET } = await import("./route");

// The seeded history ends on 2026-11-21 (the fixtures' week is inside it): a period with both
// kinds of movements, canceled and unpaid items among the provider's rows.
const ANCHOR = new Date("2026-11-21T15:00:00Z");
const PERIOD = "start=2026-10-01&end=2026-11-21";

let t: TestSandbox;
let store: TestStore;
beforeAll(async () => {
  t = await startTestSandbox({ seedCount: 600, anchor: ANCHOR, now: () => ANCHOR, autoClock: false });
  store = await TEST_ENGINES[0]!.open();
  setStoreForTests(store);
});
afterAll(async () => {
  setStoreForTests(undefined);
  await store?.close();
  await t?.close();
});
beforeEach(() => {
  t.calls.length = 0;
});

const get = (query: string, headers: Record<string, string> = {}) => GET(new Request(`http://localhost:3000/api/statement?${query}`, { headers }));

async function allMovements(query: string): Promise<{ first: StatementAnswer; movements: Movement[] }> {
  const first = (await (await get(query)).json()) as StatementAnswer;
  const movements = [...first.movements];
  for (let page = 2; page <= first.meta.total_pages; page += 1) movements.push(...((await (await get(`${query}&page=${page}`)).json()) as StatementAnswer).movements);
  return { first, movements };
}

/** What the sandbox holds for the period, read from its lists without our filters. */
async function providerItems(path: string, key: "payments" | "qrcodes") {
  const items: Array<{ status: string; end_to_end: string | null; reference_code: string; value_cents: number }> = [];
  const token = (await (await fetch(`${t.sandbox.url}/auth/generate_token`, { method: "POST", headers: { authorization: `Basic ${Buffer.from(`${t.sandbox.clientId}:${t.sandbox.clientSecret}`).toString("base64")}`, "content-type": "application/json" }, body: '{"grant_type":"client_credentials"}' })).json()) as { access_token: string };
  for (let page = 1; ; page += 1) {
    const res = (await (await fetch(`${t.sandbox.url}${path}&page=${page}`, { headers: { authorization: `Bearer ${token.access_token}` } })).json()) as Record<string, unknown> & { meta: { total_pages: number } };
    items.push(...(res[key] as typeof items));
    if (page >= res.meta.total_pages) return items;
  }
}

const sum = (cents: number[]) => cents.reduce((a, b) => a + b, 0);

describe("GET /api/statement", () => {
  it("lists completed payments out and paid charges in, never canceled or unpaid ones, with each list's totals and the balance", async () => {
    const { first, movements } = await allMovements(PERIOD);
    const out = movements.filter((m) => m.kind === "out");
    const inn = movements.filter((m) => m.kind === "in");
    expect(out.length).toBeGreaterThan(0);
    expect(inn.length).toBeGreaterThan(0);
    expect([out.length, inn.length]).toEqual([first.counts.out, first.counts.in]);
    expect(sum(out.map((m) => -m.amount_cents))).toBe(first.totals.out_cents);
    expect(sum(inn.map((m) => m.amount_cents))).toBe(first.totals.in_cents);
    expect(out.every((m) => m.amount_cents < 0) && inn.every((m) => m.amount_cents > 0)).toBe(true);
    expect(first.balance.available_cents).toEqual(expect.any(Number));

    // By payment date the provider lists paid items only: every one of them is a movement...
    const paid = "payment_start_date=2026-10-01T00:00:00&payment_end_date=2026-11-21T23:59:59";
    const refs = new Set(movements.map((m) => m.reference_code));
    for (const p of await providerItems(`/v1/pix/payments?${paid}&status=completed`, "payments")) expect(refs.has(p.reference_code)).toBe(true);
    for (const q of await providerItems(`/v1/pix/qrcodes?${paid}&status=paid`, "qrcodes")) expect(refs.has(q.reference_code)).toBe(true);
    // ...and what was registered in the period but canceled or not paid yet never is.
    const registered = "registration_start_date=2026-10-01T00:00:00&registration_end_date=2026-11-21T23:59:59";
    const payments = await providerItems(`/v1/pix/payments?${registered}`, "payments");
    const charges = await providerItems(`/v1/pix/qrcodes?${registered}`, "qrcodes");
    const notMoney = [...payments.filter((p) => p.status !== "completed"), ...charges.filter((q) => q.status !== "paid")];
    expect(notMoney.length).toBeGreaterThan(0);
    for (const item of notMoney) expect(refs.has(item.reference_code), `${item.reference_code} ${item.status}`).toBe(false);
  });

  it("opens and closes each period with balances worked back from the balance now: adjacent periods chain, today closes at the balance", async () => {
    const read = async (query: string) => statementAnswerSchema.parse(await (await get(query)).json());
    const october = await read("start=2026-10-01&end=2026-10-31");
    const november = await read("start=2026-11-01&end=2026-11-21");
    const today = brazilDayKey(new Date());
    const untilToday = await read(`start=2026-11-22&end=${today}`);
    expect(october.balances.closing_cents).toBe(november.balances.opening_cents);
    expect(november.balances.closing_cents).toBe(untilToday.balances.opening_cents);
    expect(untilToday.balances.closing_cents).toBe(untilToday.balance.total_cents);
    for (const period of [october, november, untilToday]) {
      expect(period.balances.closing_cents - period.balances.opening_cents).toBe(period.totals.in_cents - period.totals.out_cents);
    }
    // Money moved after October: its closing differs from the balance now by exactly that.
    expect(november.totals.in_cents + november.totals.out_cents).toBeGreaterThan(0);
    expect(october.balances.closing_cents).not.toBe(october.balance.total_cents);
  });

  it("newest first within a page, every movement paid inside the period", async () => {
    const { movements } = await allMovements("start=2026-11-16&end=2026-11-20");
    const times = movements.map((m) => Date.parse(m.date));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const m of movements) expect(m.date >= "2026-11-16T00:00:00" && m.date <= "2026-11-20T23:59:59.999", m.date).toBe(true);
  });

  it("as OFX: a real OFX parser reads it, one STMTTRN per movement, its sum the JSON's totals", async () => {
    const { first, movements } = await allMovements(PERIOD);
    const res = await get(`${PERIOD}&format=ofx`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="extrato_2026-10-01_2026-11-21_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.ofx"$/);
    const text = new TextDecoder("windows-1252").decode(await res.arrayBuffer());
    expect(text.startsWith("OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\n")).toBe(true);
    const ofx = await parseOfx(text);
    const rs = ofx.OFX.BANKMSGSRSV1.STMTTRNRS.STMTRS;
    expect(rs.CURDEF).toBe("BRL");
    const list = [rs.BANKTRANLIST.STMTTRN].flat() as Array<Record<string, string>>;
    expect(list).toHaveLength(movements.length);
    const cents = list.map((tr) => Math.round(Number(tr.TRNAMT) * 100));
    expect(sum(cents)).toBe(first.totals.in_cents - first.totals.out_cents);
    expect(sum(cents.filter((c) => c < 0))).toBe(-first.totals.out_cents);
    for (const tr of list) {
      expect(tr.TRNTYPE).toBe(Number(tr.TRNAMT) < 0 ? "DEBIT" : "CREDIT");
      expect(tr.DTPOSTED).toMatch(/^\d{14}\.\d{3}\[-3:BRT\]$/);
      expect(tr.TRNAMT).toMatch(/^-?\d+\.\d{2}$/);
    }
    expect(new Set(list.map((tr) => tr.FITID))).toEqual(new Set(movements.map((m) => m.end_to_end ?? m.reference_code)));
    expect(Number(rs.LEDGERBAL.BALAMT)).toBe(first.balance.total_cents / 100);
  });

  it("as CSV (Brazilian Excel) and XLSX: the same movements and sums as the JSON", async () => {
    const { first, movements } = await allMovements(PERIOD);
    const csv = readCsv(await (await get(`${PERIOD}&format=csv`)).text());
    expect(csv[0]).toEqual(["Data do pagamento (horário de Brasília)", "Tipo", "Contraparte", "CPF/CNPJ", "ID fim a fim", "Código de referência", "ID do parceiro / referência externa", "Valor"]);
    const rows = csv.slice(1);
    expect(rows).toHaveLength(movements.length);
    const csvCents = rows.map((r) => Math.round(Number(r[7]!.replace(",", ".")) * 100));
    expect(sum(csvCents)).toBe(first.totals.in_cents - first.totals.out_cents);
    expect(new Set(rows.map((r) => excelText(r[5]!)))).toEqual(new Set(movements.map((m) => m.reference_code)));

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await get(`${PERIOD}&format=xlsx`)).arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe("Extrato");
    const amounts: number[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) amounts.push(Math.round(Number(row.getCell(8).value) * 100));
    });
    expect(amounts).toHaveLength(movements.length);
    expect(sum(amounts)).toBe(first.totals.in_cents - first.totals.out_cents);
  });

  it("audits each file: started, then exported with its rows", async () => {
    await (await get(`start=2026-11-16&end=2026-11-20&format=ofx`)).arrayBuffer();
    const { entries } = await listAudit({ action: "statement.export" }, store.db);
    expect(entries.map((e) => e.outcome).slice(0, 2)).toEqual(["exported", "started"]);
    expect(entries[0]!.detail).toMatchObject({ start: "2026-11-16", end: "2026-11-20", format: "ofx", rows: expect.any(Number) });
  });

  it.each([
    ["start=2026-11-30&end=2026-11-01", "end", "o fim do período vem antes do início"],
    ["start=2026-02-30&end=2026-03-01", "start", "início: informe um dia válido (AAAA-MM-DD)"],
    ["start=ontem&end=2026-03-01", "start", "início: informe um dia válido (AAAA-MM-DD)"],
    ["end=2026-03-01", "start", "início: informe um dia válido (AAAA-MM-DD)"],
    ["start=2025-01-01&end=2026-01-02", "end", "o período pode ter no máximo 366 dias"],
    ["start=2026-11-01&end=2026-11-30&format=pdf", "format", "deve ser ofx, csv ou xlsx"],
    ["start=2026-11-01&end=2026-11-30&page=0", "page", "a página deve ser um número inteiro a partir de 1"],
  ])("%s is a 400 naming %s, before any provider call", async (query, field, message) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(await res.json()).toMatchObject({ fields: { [field]: message } });
    expect(t.calls).toHaveLength(0);
  });

  it("a whole leap year is allowed (366 days) and says why in English too", async () => {
    expect((await get("start=2024-01-01&end=2024-12-31")).status).toBe(200);
    const res = await get("start=2026-11-30&end=2026-11-01", { cookie: "NEXT_LOCALE=en" });
    expect(await res.json()).toMatchObject({ error: "the period ends before it starts" });
  });
});
