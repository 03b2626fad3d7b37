import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_STATUSES } from "./documented";
import type { listItem } from "./format";
import { startSandbox, type RunningSandbox } from "./server";
import { listAllPages, requestToken, sandboxClient, type SandboxClient } from "./testing";

type PaymentListItem = ReturnType<typeof listItem>;

const ANCHOR = new Date("2026-11-21T15:00:00.000Z");
let sb: RunningSandbox;
let api: SandboxClient;
let all: PaymentListItem[];
beforeAll(async () => {
  sb = await startSandbox({ port: 0, store: "memory", seedCount: 1_500, quiet: true, autoClock: false, now: () => ANCHOR });
  api = sandboxClient(sb.url, await requestToken(sb.url));
  // API registrations live beside the seeded columns: the filters must see both, merged by date.
  const names = ["Ana Silva Registrada", "Transportes Santos Ltda", "Maria dos Anjos", "João Silva", "Padaria 100% Pão", "Oficina do Zé"];
  for (const [i, receiver_name] of names.entries()) {
    const res = await api.post("/v1/pix/payments", {
      idempotent_id: `overlay-${i}${i === 2 ? "-cancel" : ""}`,
      value_cents: 1_000 + i,
      authorized: i % 3 !== 1,
      pix_key_type: "cpf",
      pix_key: "39053344705",
      receiver_name,
      receiver_document: "39053344705",
    });
    expect(res.status).toBe(201);
    if (i === 3) await sb.settle();
  }
  await sb.advance(10_000);
  all = (await listAllPages(api, "")).rows;
  expect(all.filter((p) => p.idempotent_id.startsWith("overlay-"))).toHaveLength(6);
});
afterAll(() => sb.close());

/** The filtered listing equals the brute-force filter of the full listing, order included. */
async function expectFilter(query: string, keep: (p: PaymentListItem) => boolean, minimum = 1) {
  const { meta, rows } = await listAllPages(api, query);
  const expected = all.filter(keep);
  expect(rows.map((r) => r.idempotent_id)).toEqual(expected.map((r) => r.idempotent_id));
  expect(meta.total_items_amount).toBe(expected.length);
  expect(meta.total_value_cents).toBe(expected.reduce((s, r) => s + r.value_cents, 0));
  expect(expected.length).toBeGreaterThanOrEqual(minimum);
  return rows;
}
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const has = (value: string | null, part: string) => (value ?? "").toLowerCase().includes(part.toLowerCase());

describe("LIKE filters (case-insensitive contains)", () => {
  it("receiver_name", async () => {
    for (const part of ["silva", "SANTOS", "Ltda", " dos "]) {
      await expectFilter(q({ receiver_name: part }), (p) => has(p.receiver_name, part));
    }
  });

  it("receiver_name with LIKE wildcards", async () => {
    await expectFilter(q({ receiver_name: "ma%silva" }), (p) => /ma.*silva/i.test(p.receiver_name));
    await expectFilter(q({ receiver_name: "s_lva" }), (p) => /s.lva/i.test(p.receiver_name));
    await expectFilter(q({ receiver_name: "100\\%" }), (p) => p.receiver_name.includes("100%"));
  });

  it("sees API registrations and seeded rows alike", async () => {
    const rows = await expectFilter(q({ receiver_name: "silva" }), (p) => has(p.receiver_name, "silva"));
    expect(rows.filter((r) => r.idempotent_id.startsWith("overlay-"))).toHaveLength(2);
    await expectFilter(q({ status: "sent" }), (p) => p.status === "sent");
    await expectFilter(q({ end_to_end: "e18236120202611211" }), (p) => has(p.end_to_end, "e18236120202611211"));
  });

  it("receiver_document, including the alphanumeric CNPJ's digits", async () => {
    const sample = all[7]!.receiver_document.slice(2, 7);
    await expectFilter(q({ receiver_document: sample }), (p) => has(p.receiver_document, sample));
    await expectFilter(q({ receiver_document: "34501" }), (p) => has(p.receiver_document, "34501"));
  });

  it("reference_code, whatever the case", async () => {
    const part = all[42]!.reference_code.slice(5, 11).toUpperCase();
    await expectFilter(q({ reference_code: part }), (p) => has(p.reference_code, part));
  });

  it("end_to_end, whole or partial", async () => {
    const withE2e = all.filter((p) => p.end_to_end);
    const whole = withE2e[3]!.end_to_end!;
    const rows = await expectFilter(q({ end_to_end: whole }), (p) => p.end_to_end === whole);
    expect(rows).toHaveLength(1);
    await expectFilter(q({ end_to_end: "e18236120202611" }), (p) => has(p.end_to_end, "e18236120202611"));
  });
});

describe("status filter (exact)", () => {
  it.each(PAYMENT_STATUSES)("%s", async (status) => {
    await expectFilter(q({ status }), (p) => p.status === status);
  });

  it("passes other words through: the documented QR values simply match nothing", async () => {
    for (const status of ["paid", "awaiting_payment", "complete"]) {
      const res = await api.get(`/v1/pix/payments?${q({ status })}`);
      expect(res.status).toBe(200);
      expect(res.body.meta.total_items_amount).toBe(0);
    }
  });
});

/** Brazil wall-clock text of a provider datetime ("2026-11-18T11:18:22.017-03:00" -> "2026-11-18T11:18:22"). */
const wall = (s: string | null) => (s ?? "").slice(0, 19);

describe("date ranges, read in Brazil time, inclusive", () => {
  it("registration: one Brazil day from 00:00:00 to 23:59:59", async () => {
    await expectFilter(
      q({ registration_start_date: "2026-11-18T00:00:00", registration_end_date: "2026-11-18T23:59:59" }),
      (p) => p.registration_date.startsWith("2026-11-18T"),
    );
  });

  it("registration: a week", async () => {
    await expectFilter(
      q({ registration_start_date: "2026-11-09T00:00:00", registration_end_date: "2026-11-15T23:59:59" }),
      (p) => wall(p.registration_date) >= "2026-11-09T00:00:00" && wall(p.registration_date) <= "2026-11-15T23:59:59",
    );
  });

  it("registration: the edges are whole seconds, both included", async () => {
    const row = all[30]!;
    const second = wall(row.registration_date);
    const exact = await listAllPages(api, q({ registration_start_date: second, registration_end_date: second }));
    expect(exact.rows.map((r) => r.idempotent_id)).toContain(row.idempotent_id);
    const before = new Date(Date.parse(`${second}-03:00`) - 1000).toISOString();
    const brt = (iso: string) => new Date(Date.parse(iso) - 3 * 3_600_000).toISOString().slice(0, 19);
    const earlier = await listAllPages(api, q({ registration_start_date: "2026-01-01T00:00:00", registration_end_date: brt(before) }));
    expect(earlier.rows.map((r) => r.idempotent_id)).not.toContain(row.idempotent_id);
    const later = await listAllPages(api, q({ registration_start_date: brt(new Date(Date.parse(before) + 2000).toISOString()), registration_end_date: "2027-01-01T00:00:00" }));
    expect(later.rows.map((r) => r.idempotent_id)).not.toContain(row.idempotent_id);
  });

  it("registration: a start after the end matches nothing", async () => {
    const res = await api.get(`/v1/pix/payments?${q({ registration_start_date: "2026-11-18T00:00:00", registration_end_date: "2026-11-17T00:00:00" })}`);
    expect(res.body.meta.total_items_amount).toBe(0);
  });

  it("payment: only paid payments, by their payment date in Brazil time", async () => {
    const rows = await expectFilter(
      q({ payment_start_date: "2026-11-17T00:00:00", payment_end_date: "2026-11-17T23:59:59" }),
      (p) => (p.payment_date ?? "").startsWith("2026-11-17T"),
    );
    for (const r of rows) expect(r.status).toBe("completed");
  });

  it("the UTC midnight is not the Brazil midnight", async () => {
    // 2026-11-18T01:30 UTC is 2026-11-17T22:30 in Brazil: it belongs to the 17th.
    const late = all.filter((p) => wall(p.registration_date) >= "2026-11-17T21:00:00" && wall(p.registration_date) <= "2026-11-17T23:59:59");
    const res = await listAllPages(api, q({ registration_start_date: "2026-11-18T00:00:00", registration_end_date: "2026-11-18T23:59:59" }));
    const ids = new Set(res.rows.map((r) => r.idempotent_id));
    for (const p of late) expect(ids.has(p.idempotent_id)).toBe(false);
  });
});

describe("combined filters", () => {
  it("status + name + registration range", async () => {
    await expectFilter(
      q({
        status: "completed",
        receiver_name: "a",
        registration_start_date: "2026-10-01T00:00:00",
        registration_end_date: "2026-11-21T23:59:59",
      }),
      (p) => p.status === "completed" && has(p.receiver_name, "a") && wall(p.registration_date) >= "2026-10-01T00:00:00",
    );
  });

  it("payment range + document", async () => {
    const doc = all.find((p) => p.payment_date)!.receiver_document.slice(0, 3);
    await expectFilter(
      q({ receiver_document: doc, payment_start_date: "2026-08-01T00:00:00", payment_end_date: "2026-11-30T23:59:59" }),
      (p) => has(p.receiver_document, doc) && p.payment_date !== null,
    );
  });
});
