import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setStoreForTests } from "@/lib/db";
import { publicRateLimits } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { PUBLIC_RATE_PER_MINUTE } from "@/lib/http/public-rate-limit";
import { authenticateReceipt } from "@/lib/receipts/authentication";
import type { ReceiptData } from "@/lib/receipts/receipt-data";
import { receiptVerifyAnswer } from "@/lib/receipts/verify-answer";

const { GET } = await import("./route");

const RECEIPT: ReceiptData = {
  payer: { name: "Empresa Demonstração Ltda", document: "11222333000181" },
  amountCents: 250_000,
  paidAt: "2026-11-16T14:15:02.123-03:00",
  endToEnd: "E18236120202611161415SBXVERIFY01",
  referenceCode: "ref-verify",
  idempotentId: "verify-1",
  receiver: { name: "Maria Aparecida dos Santos", document: "39053344705", pixKey: { type: "email", key: "maria.santos@gmail.com" }, bank: null },
  receiptUrl: "https://provider.example/receipts/abc",
};

let store: TestStore;
let code: string;
beforeAll(async () => {
  store = await TEST_ENGINES[0]!.open();
  setStoreForTests(store);
  code = await authenticateReceipt(store.db, RECEIPT);
});
afterAll(async () => {
  setStoreForTests(undefined);
  await store?.close();
});

// No session cookie, no token: the route is public.
const verify = (query: string, headers: Record<string, string> = {}) =>
  GET(new Request(`http://localhost:3000/api/receipts/verify${query}`, { headers }), { params: Promise.resolve({}) });

describe("GET /api/receipts/verify (no sign-in)", () => {
  it("finds an issued code, typed in any case and grouping, and says only its three facts", async () => {
    for (const typed of [code, code.toLowerCase(), code.replace(/-/g, ""), ` ${code.replace(/-/g, " ")} `]) {
      const res = await verify(`?code=${encodeURIComponent(typed)}`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(receiptVerifyAnswer.parse(body)).toEqual({ valid: true, end_to_end: RECEIPT.endToEnd, value_cents: 250_000, payment_date: "2026-11-16T17:15:02.123Z" });
      // Nothing more than the answer: no names, documents, keys, ids of ours or links.
      expect(Object.keys(body).sort()).toEqual(["end_to_end", "payment_date", "valid", "value_cents"]);
      const text = JSON.stringify(body);
      for (const secret of ["Maria", "39053344705", "maria.santos", "Empresa", "11222333000181", "verify-1", "ref-verify", "provider.example"]) expect(text).not.toContain(secret);
    }
  });

  it("a well-formed code that was never issued is not valid, with nothing else", async () => {
    const other = code.startsWith("0") ? `1${code.slice(1)}` : `0${code.slice(1)}`;
    const res = await verify(`?code=${other}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ valid: false, end_to_end: null, value_cents: null, payment_date: null });
  });

  it.each([
    ["no code", ""],
    ["a short code", "?code=ABCD-EFGH"],
    ["letters outside the alphabet", "?code=UUUU-UUUU-UUUU-UUUU-UUUU"],
    ["a very long text", `?code=${"A".repeat(5_000)}`],
    ["a NUL byte", `?code=${encodeURIComponent(`${"A".repeat(19)}\u0000`)}`],
    ["a bidi control", `?code=${encodeURIComponent(`\u202e${"A".repeat(20)}`)}`],
  ])("refuses %s with a 4xx in the caller's language, never a 500", async (_label, query) => {
    const res = await verify(query, { cookie: "NEXT_LOCALE=pt-BR" });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const body = await res.json();
    expect(typeof body.error).toBe("string");
    expect(body).not.toHaveProperty("valid");
  });

  it("says what a code looks like, in English when asked", async () => {
    const res = await verify("?code=123", { cookie: "NEXT_LOCALE=en" });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("The authentication code has 20 letters and digits, in groups of four (XXXX-XXXX-XXXX-XXXX-XXXX)");
  });

  // The address is the one the server saw (proxy.ts drops a client's own X-Forwarded-For before
  // Next.js writes the socket's peer there: lib/http/client-address.ts), so here it stands for it.
  it(`answers 429 with Retry-After past ${PUBLIC_RATE_PER_MINUTE} checks a minute from one address; another address still gets answers`, async () => {
    await store.db.delete(publicRateLimits);
    const from = (ip: string) => ({ "x-forwarded-for": ip, cookie: "NEXT_LOCALE=pt-BR" });
    for (let i = 0; i < PUBLIC_RATE_PER_MINUTE; i += 1) {
      const answered = await verify(`?code=${code}`, from("198.51.100.7"));
      expect(answered.status).toBe(200);
      expect(answered.headers.get("ratelimit")).toBe(`"public";r=${PUBLIC_RATE_PER_MINUTE - i - 1};t=${answered.headers.get("ratelimit")?.split("t=")[1]}`);
    }
    const refused = await verify(`?code=${code}`, from("198.51.100.7"));
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit-policy")).toBe(`"public";q=${PUBLIC_RATE_PER_MINUTE};w=60`);
    expect(refused.headers.get("ratelimit")).toBe(`"public";r=0;t=${wait}`);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(await refused.json()).toMatchObject({ status: 429, kind: "rate_limited", title: "Too Many Requests", error: expect.stringMatching(/Muitas consultas deste endereço/), request_id: expect.any(String) });
    expect((await verify(`?code=${code}`, from("203.0.113.9"))).status).toBe(200);
  });
});
