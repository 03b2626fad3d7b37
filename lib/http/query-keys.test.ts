import { z } from "zod";
import { describe, expect, it, vi } from "vitest";
import { chargeListQuerySchema } from "@/lib/charges/query";
import { paymentsListQuerySchema } from "@/lib/domain/list-params";
import { CHARGES_FILTER_KEYS } from "@/lib/search-params/charges";
import { transfersApiQuery } from "@/lib/search-params/transfers";
import { transferListQuerySchema } from "@/lib/transfers/query";
import { knownQueryKeys } from "./query-keys";

// route()'s query door: a parameter the route's schema does not name is refused, naming it.
vi.mock("@/lib/auth/guard", () => ({
  requireApiUser: vi.fn(async () => ({ user: { id: "u1", email: "op@demo.test", name: "Op", role: "operator", twoFactorEnabled: false, needsSecondFactor: false } })),
}));
const { route } = await import("./route");

const handled = { calls: 0 };
const charges = route(
  { name: "GET /api/test", summary: "A test list", answers: { 200: z.object({ ok: z.literal(true) }) }, permission: "viewPayments", query: chargeListQuerySchema },
  async () => {
    handled.calls += 1;
    return Response.json({ ok: true });
  },
);
const get = (query: string, locale?: "en") =>
  charges(new Request(`http://localhost:3000/api/test${query}`, { headers: locale ? { cookie: `NEXT_LOCALE=${locale}` } : {} }), undefined);

describe("unknown query parameters", () => {
  it("are refused with 400 naming the parameter, in the caller's language, before the handler runs", async () => {
    handled.calls = 0;
    const pt = await get("?stat=paid");
    expect(pt.status).toBe(400);
    expect(await pt.json()).toMatchObject({ kind: "validation", error: "stat não é um parâmetro desta consulta", fields: { stat: "parâmetro desconhecido" } });
    const en = await get("?state=paid&stat=paid", "en");
    expect(en.status).toBe(400);
    expect(await en.json()).toMatchObject({ error: "stat is not a parameter of this request", fields: { stat: "unknown parameter" } });
    expect(handled.calls).toBe(0);
  });

  it("are named as written in the URL: a forged name carries no control or bidi characters into the answer", async () => {
    const res = await get(`?${encodeURIComponent("a\u202Eb\u0000")}=1`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toContain("a%E2%80%AEb%00");
    expect(body.error).not.toMatch(/[\u0000\u202E]/);
  });

  it("let the route's own parameters through (an empty value counts as absent)", async () => {
    handled.calls = 0;
    expect((await get("?state=paid&limit=10&updated_since=2026-12-01T08:00:00-03:00&page=2")).status).toBe(200);
    expect((await get("?stat=")).status).toBe(200);
    expect(handled.calls).toBe(2);
  });
});

describe("the parameters a query schema reads", () => {
  it("are an object's keys, both sides of a pipe, and none at all for a schema that reads anything", () => {
    expect(knownQueryKeys(z.object({ a: z.string(), b: z.string().optional() }))).toEqual(new Set(["a", "b"]));
    expect(knownQueryKeys(z.object({ a: z.string() }).superRefine(() => undefined))).toEqual(new Set(["a"]));
    expect(knownQueryKeys(z.looseObject({ a: z.string() }))).toBeNull();
    expect(knownQueryKeys(z.record(z.string(), z.string()))).toBeNull();
    const payments = knownQueryKeys(paymentsListQuerySchema)!;
    expect(payments.has("page")).toBe(true);
    expect(payments.has("status")).toBe(true);
    expect(payments.has("stat")).toBe(false);
  });

  it("hold every parameter the pages send: /transfers and /charges keep working", () => {
    const transfers = knownQueryKeys(transferListQuerySchema)!;
    const everyFilter = transfersApiQuery({
      view: "attention",
      page: 3,
      batch: "6f1c2a8e-3b5d-4c7a-9e1f-0a2b3c4d5e6f",
      state: ["awaiting_approval"],
      maker: "ana",
      receiver: "joão",
      cost_centre: "none",
      min_cents: 100,
      max_cents: 200,
      created_from: "2026-12-01",
      created_to: "2026-12-02",
    });
    const sent = [...new URLSearchParams(everyFilter).keys()];
    expect(sent.length).toBeGreaterThan(8);
    expect(sent.filter((key) => !transfers.has(key))).toEqual([]);
    expect(transfersApiQuery({ view: "inbox", page: 1, batch: null, state: null, maker: null, receiver: null, cost_centre: null, min_cents: null, max_cents: null, created_from: null, created_to: null })).toBe("?scope=inbox");
    const chargeKeys = knownQueryKeys(chargeListQuerySchema)!;
    expect([...CHARGES_FILTER_KEYS, "page"].filter((key) => !chargeKeys.has(key))).toEqual([]);
  });
});
