import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "./server";
import { DOC_SHAPES, docShapeProblems, listAllPages, requestToken, sandboxClient, type SandboxClient } from "./testing";

const ANCHOR = new Date("2026-11-21T15:00:00.000Z");
let sb: RunningSandbox;
let api: SandboxClient;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, store: "memory", seedCount: 1_234, quiet: true, autoClock: false, now: () => ANCHOR });
  api = sandboxClient(sb.url, await requestToken(sb.url));
});
afterAll(() => sb.close());

const LIST_KEYS = [
  "reference_code", "idempotent_id", "value_cents", "pix_key_type", "pix_key", "receiver_name",
  "receiver_document", "status", "registration_date", "payment_date", "cancellation_date",
  "cancellation_reason", "end_to_end",
].sort();

describe("GET /v1/pix/payments: pages and totals", () => {
  it("pages of 100, newest first, whose sum is the meta", async () => {
    const { meta, rows } = await listAllPages(api, "");
    const total = 1_234 + 11; // seeded + fixtures
    expect(meta).toEqual({
      current_page: 1,
      total_pages: Math.ceil(total / 100),
      total_items_amount: total,
      total_value_cents: rows.reduce((s, r) => s + r.value_cents, 0),
    });
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.idempotent_id)).size).toBe(total);
    const times = rows.map((r) => Date.parse(r.registration_date));
    for (let i = 1; i < times.length; i++) expect(times[i]!).toBeLessThanOrEqual(times[i - 1]!);
    for (const r of rows) expect(Object.keys(r).sort()).toEqual(LIST_KEYS);
  });

  it("every page is shaped as the documentation's list and says which page it is", async () => {
    for (const page of [1, 2, 13]) {
      const res = await api.get(`/v1/pix/payments?page=${page}`);
      expect(docShapeProblems(res.body, DOC_SHAPES.list)).toEqual([]);
      const body = res.body as { meta: { current_page: number }; payments: unknown[] };
      expect(body.meta.current_page).toBe(page);
      expect(body.payments).toHaveLength(page === 13 ? 45 : 100);
    }
  });

  it("a page past the end is an empty list with the same totals", async () => {
    const first = await api.get("/v1/pix/payments");
    const past = await api.get("/v1/pix/payments?page=99");
    expect(past.status).toBe(200);
    expect(past.body.payments).toEqual([]);
    expect(past.body.meta).toEqual({ ...first.body.meta, current_page: 99 });
  });

  it("an empty result is one empty page with zero totals", async () => {
    const res = await api.get("/v1/pix/payments?receiver_name=zzzz-nobody");
    expect(res.body).toEqual({
      payments: [],
      meta: { current_page: 1, total_pages: 1, total_items_amount: 0, total_value_cents: 0 },
    });
  });

  it("ignores empty and unknown parameters; the first of a repeated one wins", async () => {
    const plain = await api.get("/v1/pix/payments");
    const noisy = await api.get("/v1/pix/payments?receiver_name=&page=&foo=bar&status=");
    expect(noisy.body).toEqual(plain.body);
    const repeated = await api.get("/v1/pix/payments?status=sent&status=completed");
    expect(new Set(repeated.body.payments.map((p: { status: string }) => p.status))).toEqual(new Set(["sent"]));
  });

  it("shows a registration at the top", async () => {
    const res = await api.post("/v1/pix/payments", {
      idempotent_id: "list-top",
      value_cents: 777,
      pix_key_type: "phone",
      pix_key: "+5511912345678",
    });
    expect(res.status).toBe(201);
    const first = await api.get("/v1/pix/payments");
    expect(first.body.payments[0].idempotent_id).toBe("list-top");
    expect(first.body.meta.total_items_amount).toBe(1_246);
    await sb.reset();
  });
});

describe("GET /v1/pix/payments: bad parameters", () => {
  it.each([
    ["registration_start_date=2026-11-01T00:00:00", "registration_end_date required"],
    ["registration_end_date=2026-11-01T00:00:00", "registration_start_date required"],
    ["payment_start_date=2026-11-01T00:00:00", "payment_end_date required"],
    ["payment_end_date=2026-11-01T00:00:00", "payment_start_date required"],
    [
      "registration_start_date=2026-11-01T00:00:00&payment_end_date=2026-11-01T00:00:00",
      "registration_end_date required | payment_start_date required",
    ],
  ])("400 for a half date pair: %s", async (query, message) => {
    const res = await api.get(`/v1/pix/payments?${query}`);
    expect([res.status, res.body]).toEqual([400, { error: message }]);
  });

  it.each([
    ["page=0", "page must_be_greater_than_0"],
    ["page=-3", "page must_be_greater_than_0"],
    ["page=abc", "page not_a_number"],
    ["page=1.5", "page not_an_integer"],
    ["registration_start_date=2026-11-01&registration_end_date=2026-11-02", "registration_start_date invalid | registration_end_date invalid"],
    ["registration_start_date=2026-02-30T00:00:00&registration_end_date=2026-03-01T00:00:00", "registration_start_date invalid"],
    ["payment_start_date=2026-11-01T25:00:00&payment_end_date=2026-11-01T23:59:59", "payment_start_date invalid"],
    ["receiver_document=12.345", "receiver_document invalid"],
    [`receiver_name=${"a".repeat(101)}`, "receiver_name too_long"],
    [`end_to_end=${"E".repeat(33)}`, "end_to_end too_long"],
  ])("400 for %s", async (query, message) => {
    const res = await api.get(`/v1/pix/payments?${query}`);
    expect([res.status, res.body]).toEqual([400, { error: message }]);
  });
});
