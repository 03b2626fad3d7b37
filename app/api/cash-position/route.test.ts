import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setStoreForTests } from "@/lib/db";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { forgetBalance } from "@/lib/payments-api/balance";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { brazilDayKey } from "@/lib/pix/time";
import { calendar } from "@/lib/cash/projection";
import { createCharge, withdrawCharge } from "@/lib/charges/service";
import { chargeInputSchema } from "@/lib/charges/input";
import { createTransfer } from "@/lib/transfers/server/create";
import { DEFAULT_POLICY } from "@/lib/transfers/policy";
import { MAKER, seedTestPeople, transferOf } from "@/lib/transfers/testing/fixtures";
import { holdClockAtBrazilNoon } from "@/lib/testing/brazil-noon";

/**
 * GET /api/cash-position on both stores, against the sandbox's balance: what the maker set to go
 * out (now, scheduled, a series, awaiting approval) lands on its day, the close carries over, and
 * the day that sends more than it has is a shortfall of exactly what is missing.
 */
const auth = vi.hoisted(() => ({ role: "viewer" }));
vi.mock("@/lib/auth/guard", async () => (await import("@/lib/testing/guard-refusal")).guardAsRole(auth));
// Brazil days ("today", the days ahead) are the subject: the same answer at any hour of the run.
holdClockAtBrazilNoon();


const { GET } = await import("./route");
const get = (query: string) => GET(new Request(`http://localhost:3000/api/cash-position${query}`), { params: Promise.resolve({}) });

/** The pure projection's answer, as the page reads it. */
type Answer = {
  balance: { available_cents: number };
  days: Array<{ date: string; opening_cents: number; out_cents: number; out_pending_cents: number; closing_cents: number; items_out: Array<{ kind: string; pending?: boolean }>; items_in: unknown[] }>;
  shortfalls: Array<{ date: string; missing_cents: number }>;
};

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ autoClock: false, balanceCents: 5_000_00 });
});
afterAll(() => sandbox.close());

describe.each(TEST_ENGINES)("GET /api/cash-position on $name", (engine) => {
  let store: TestStore;
  const today = brazilDayKey(new Date());
  const [, day1, day2, day3, day4] = calendar(today, 5);
  const charge = (reference: string, cents: number, due: string) =>
    createCharge(
      store.db,
      chargeInputSchema.parse({ external_reference: `${reference}-${engine.name}`, value_cents: cents, payer_name: "Mercado São João Ltda", payer_document: "11.444.777/0001-61", due_date: due }),
      MAKER,
      { issuer: { name: "Empresa Exemplo Ltda", document: "11222333000181" }, returnUrl: "http://localhost:3000/" },
    );
  // Four receivers (their own CPF and key): each one's 24 h sum is its own.
  const documents = { now: "11144477735", series: "12345678909", pending: "39053344705", big: "15350946056" };
  const make = (id: keyof typeof documents, cents: number, payable: Parameters<typeof createTransfer>[2]["payable"] = {}, policy = DEFAULT_POLICY) =>
    createTransfer(store.db, null, {
      transfer: transferOf(`cash-${engine.name}-${id}`, cents, { pix_key: `${id}@example.com`, receiver_document: documents[id] }),
      maker: MAKER,
      policy,
      payable,
    });

  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
    await seedTestPeople(store.db);
    await make("now", 400_00); // approved (no approval below R$ 1.000), goes today
    await make("series", 300_00, { scheduledFor: day1, recurrence: { every: "month", count: 3 } }); // R$ 900 in all: no approval
    await make("pending", 2_000_00, { scheduledFor: day2 }); // awaits one approval
    await make("big", 4_800_00, { scheduledFor: day3 }, { tiers: [{ from_cents: 0, approvals: 0 }], expiry_hours: 24 });
    // Money in: R$ 1.200,00 due on day 4, and one withdrawn (not expected).
    await charge("NF-cash-1", 1_200_00, day4!);
    const gone = await charge("NF-cash-2", 9_999_00, day4!);
    await withdrawCharge(store.db, gone.charge.id, MAKER, "Cliente pagou em dinheiro");
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await store.close();
  });
  beforeEach(() => {
    auth.role = "viewer";
    forgetBalance();
  });

  it("opens at the provider's balance, each day at the last close; approval pending apart; the short day missing exactly R$ 500,00", async () => {
    const res = await get("?days=7");
    expect(res.status).toBe(200);
    const answer = (await res.json()) as Answer;
    expect(answer.balance.available_cents).toBe(5_000_00);
    expect(answer.days).toHaveLength(7);
    expect(answer.days.slice(0, 4).map((d) => [d.date, d.opening_cents, d.out_cents, d.out_pending_cents, d.closing_cents])).toEqual([
      [today, 5_000_00, 400_00, 0, 4_600_00],
      [day1, 4_600_00, 300_00, 0, 4_300_00],
      [day2, 4_300_00, 0, 2_000_00, 4_300_00],
      [day3, 4_300_00, 4_800_00, 0, -500_00],
    ]);
    expect(answer.days[4]).toMatchObject({ date: day4, opening_cents: -500_00, in_cents: 1_200_00, closing_cents: 700_00, items_in: [expect.objectContaining({ kind: "charge", value_cents: 1_200_00 })] });
    expect(answer.days[1]!.items_out.map((i) => i.kind)).toEqual(["series"]);
    expect(answer.days[2]!.items_out).toEqual([expect.objectContaining({ kind: "transfer", pending: true })]);
    expect(answer.shortfalls).toEqual([{ date: day3, missing_cents: 500_00 }]);
  });

  it("the series' later occurrences fall beyond a 7-day horizon, within 90 days", async () => {
    const week = (await (await get("?days=7")).json()) as Answer;
    const quarter = (await (await get("?days=90")).json()) as Answer;
    const seriesDays = (a: Answer) => a.days.filter((d) => d.items_out.some((i) => i.kind === "series")).length;
    expect(seriesDays(week)).toBe(1);
    expect(seriesDays(quarter)).toBe(3);
  });

  it("the file: one line per day in the Brazilian Excel dialect", async () => {
    const res = await get("?days=7&format=csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = (await res.text()).replace(/^\uFEFF/, "").trim().split(/\r\n/);
    expect(lines).toHaveLength(8);
    expect(lines[0]).toContain("Abertura");
    expect(lines[0]!.split(";")).toHaveLength(10);
  });

  it("bad input is a 400 naming the parameter, before the provider is asked", async () => {
    sandbox.calls.length = 0;
    for (const query of ["?days=0", "?days=91", "?days=abc", "?days=7&format=pdf", "?dias=7"]) {
      const res = await get(query);
      expect(res.status, query).toBe(400);
      expect(await res.json(), query).toMatchObject({ error: expect.any(String), fields: expect.any(Object) });
    }
    expect(sandbox.calls).toHaveLength(0);
  });

  it("every role that reads payments may see it", async () => {
    for (const role of ["viewer", "support", "operator", "approver", "admin"]) {
      auth.role = role;
      expect((await get("?days=1")).status, role).toBe(200);
    }
  });
});
