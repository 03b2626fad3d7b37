import { describe, expect, it, vi } from "vitest";
import { TEST_ENGINES } from "@/lib/db/test-engines";
import { payQrcodeInHomologation } from "@/lib/payments-api";
import { reconcileCharges } from "@/lib/charges/reconcile";
import { chargeAnswer, chargesReceivedAnswer } from "@/lib/charges/answers";
import { addBrazilDays, brazilDayKey } from "@/lib/pix/time";
import { statementAnswerSchema, type StatementAnswer } from "@/lib/statement/answer";
import { routeStoreFor } from "@/lib/testing/route-suite";
import { sandboxForFile } from "@/lib/payments-api/test-sandbox";
import { holdClockAtBrazilNoon } from "@/lib/testing/brazil-noon";

/**
 * Money in, counted where money is counted: the overview's card reads paid charges from our store
 * (by the Brazil day paid), the statement reads the provider's paid QR codes, where a paid charge
 * already is, and links each to its charge instead of adding it again.
 */
const auth = vi.hoisted(() => ({ role: "operator" }));
vi.mock("@/lib/auth/guard", async () => (await import("@/lib/testing/guard-refusal")).guardAsRole(auth));
// Brazil days ("today", the days ahead) are the subject: the same answer at any hour of the run.
holdClockAtBrazilNoon();


const { POST } = await import("./route");
const { GET: RECEIVED } = await import("./received/route");
const { GET: STATEMENT } = await import("../statement/route");

const APP = "http://localhost:3000";
const today = () => brazilDayKey(new Date());
let n = 0;
const make = async (overrides: Record<string, unknown>) => {
  auth.role = "operator";
  const res = await POST(
    new Request(`${APP}/api/charges`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: APP },
      body: JSON.stringify({
        external_reference: `NF-in-${Date.now().toString(36)}-${++n}`,
        payer_name: "Padaria Pão de Açúcar",
        payer_document: "529.982.247-25",
        due_date: brazilDayKey(addBrazilDays(new Date(), 2)),
        ...overrides,
      }),
    }),
  );
  expect(res.status).toBe(201);
  return chargeAnswer.parse(await res.json()).charge;
};
const received = async (query: string) => {
  auth.role = "viewer";
  return RECEIVED(new Request(`${APP}/api/charges/received?${query}`, { headers: { cookie: "NEXT_LOCALE=pt-BR" } }));
};
async function statementOfToday(): Promise<StatementAnswer> {
  auth.role = "viewer";
  const day = today();
  const first = statementAnswerSchema.parse(await (await STATEMENT(new Request(`${APP}/api/statement?start=${day}&end=${day}`))).json());
  const movements = [...first.movements];
  for (let page = 2; page <= first.meta.total_pages; page += 1) {
    movements.push(...statementAnswerSchema.parse(await (await STATEMENT(new Request(`${APP}/api/statement?start=${day}&end=${day}&page=${page}`))).json()).movements);
  }
  return { ...first, movements };
}

sandboxForFile();

describe.each(TEST_ENGINES)("money in on $name", (engine) => {
  const suite = routeStoreFor(engine);

  it("a paid charge counts once: on the overview by the day it was paid (Brazil), in the statement as the provider's line linked to it", async () => {
    const day = today();
    const before = chargesReceivedAnswer.parse(await (await received(`start=${day}&end=${day}`)).json()).received;
    const statementBefore = await statementOfToday();

    const qr = await make({ value_cents: 12_345 });
    const link = await make({ value_cents: 6_789, kind: "link", payer_name: "Loja Três Irmãos", payer_document: "11.444.777/0001-61" });
    const unpaid = await make({ value_cents: 50_000 });
    expect(link.payment_link).toBeTruthy();
    await payQrcodeInHomologation(qr.reference_code!);
    // The payment link's payer presses "Pagar" on the sandbox's checkout page.
    const pressed = await fetch(`${link.payment_link}/pay`, { method: "POST", redirect: "manual" });
    expect(pressed.status).toBe(303);
    // The notifications go nowhere here: the reconciler reads both back.
    await reconcileCharges(suite.store.db, new Date(Date.now() + 120_000), 500);

    const res = await received(`start=${day}&end=${day}`);
    expect(res.status).toBe(200);
    const after = chargesReceivedAnswer.parse(await res.json()).received;
    expect(after.total).toEqual({ count: before.total.count + 2, value_cents: before.total.value_cents + 12_345 + 6_789 });
    const todayRow = (r: typeof after) => r.days.find((d) => d.day === day) ?? { count: 0, value_cents: 0 };
    expect(todayRow(after).value_cents - todayRow(before).value_cents).toBe(12_345 + 6_789);
    // Who paid is who the provider says paid (the sandbox's payer), named with the document.
    expect(after.top_payers.length).toBeGreaterThan(0);
    expect(after.top_payers.every((p) => p.name && /^\d{11}$|^\d{14}$/.test(p.document))).toBe(true);

    const statement = await statementOfToday();
    const lines = (code: string | null) => statement.movements.filter((m) => m.reference_code === code);
    expect(lines(qr.reference_code)).toEqual([expect.objectContaining({ kind: "in", amount_cents: 12_345, charge_id: qr.id, our_id: qr.external_reference })]);
    // The provider keeps no external_reference for a checkout: the invoice number comes from our charge.
    expect(lines(link.reference_code)).toEqual([expect.objectContaining({ kind: "in", amount_cents: 6_789, charge_id: link.id, our_id: link.external_reference })]);
    expect(lines(unpaid.reference_code)).toEqual([]);
    expect(statement.totals.in_cents - statementBefore.totals.in_cents).toBe(12_345 + 6_789);
    expect(statement.counts.in - statementBefore.counts.in).toBe(2);
    expect(statement.movements.filter((m) => m.kind === "in").reduce((a, m) => a + m.amount_cents, 0)).toBe(statement.totals.in_cents);
    // The exports carry the same lines: the checkout's invoice number in the CSV and in the OFX's MEMO.
    for (const format of ["csv", "ofx"]) {
      const file = await STATEMENT(new Request(`${APP}/api/statement?start=${day}&end=${day}&format=${format}`, { headers: { cookie: "NEXT_LOCALE=pt-BR" } }));
      expect(file.status).toBe(200);
      const text = new TextDecoder(format === "ofx" ? "windows-1252" : "utf-8").decode(await file.arrayBuffer());
      expect(text).toContain(link.external_reference);
      // One line (one OFX transaction) for it: money in is not doubled in the files either.
      const records = format === "ofx" ? text.split("<STMTTRN>").slice(1) : text.split(/\r?\n/);
      expect(records.filter((r) => r.includes(link.reference_code!))).toHaveLength(1);
    }
    // Money out is never linked to a charge.
    expect(statement.movements.filter((m) => m.kind === "out").every((m) => m.charge_id === null)).toBe(true);
  });

  it("counts nothing before a payment, refuses a bad period in the caller's language, and is readable by viewers only and up", async () => {
    const res = await received("start=2026-02-30&end=2026-03-01");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBeTruthy();
    expect((await received("start=2026-03-02&end=2026-03-01")).status).toBe(400);
    const empty = chargesReceivedAnswer.parse(await (await received("start=2020-01-01&end=2020-01-31")).json()).received;
    expect(empty).toEqual({ start: "2020-01-01", end: "2020-01-31", total: { count: 0, value_cents: 0 }, days: [], top_payers: [] });
  });
});
