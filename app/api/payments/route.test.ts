import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { dictBody, startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";

const auth = vi.hoisted(() => ({ answer: "user" as "user" | 401 | 403 }));
vi.mock("@/lib/auth/guard", () => ({
  requireApiUser: vi.fn(async () =>
    auth.answer === "user"
      ? { user: { id: "u-operator", email: "operator@demo.test", name: "Olivia Operator", role: "operator" } }
      : { response: Response.json({ error: auth.answer === 401 ? "Sign in required" : "Your role (viewer) may not register payments" }, { status: auth.answer }) },
  ),
}));
const audit = vi.hoisted(() => ({ recordAudit: vi.fn(async (_entry: Record<string, unknown>) => {}) }));
vi.mock("@/lib/db/audit", () => audit);

const { GET, POST } = await import("./route");

let t: TestSandbox;
let n = 0;
beforeAll(async () => {
  t = await startTestSandbox({ balanceCents: 50_000_000 });
});
afterAll(() => t.close());
beforeEach(async () => {
  auth.answer = "user";
  audit.recordAudit.mockClear();
  await t.clearFaults();
  t.calls.length = 0;
});

const APP = "http://localhost:3000";
const list = (query = "") => GET(new Request(`${APP}/api/payments${query}`), undefined);
const register = (body: unknown, headers: Record<string, string> = {}) =>
  POST(
    new Request(`${APP}/api/payments`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: APP, host: "localhost:3000", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    undefined,
  );
const transfer = (value = 2_500) => ({ ...dictBody(`route-${Date.now()}-${++n}`, value), pix_key: "Maria.Santos@Example.com" });
const lastAudit = () => audit.recordAudit.mock.calls.at(-1)?.[0];

describe("GET /api/payments", () => {
  it("answers the provider's page and meta, uncached", async () => {
    const res = await list("?page=1&status=completed");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as { payments: { status: string }[]; meta: { current_page: number } };
    expect(body.payments.length).toBeGreaterThan(0);
    expect(body.payments.every((p) => p.status === "completed")).toBe(true);
    expect(body.meta.current_page).toBe(1);
  });

  it("refuses a half date pair in the provider's words, without calling it", async () => {
    const res = await list("?registration_start_date=2026-11-01T00:00:00");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: "registration_end_date required",
      fields: { registration_end_date: "registration_end_date required" },
    });
    expect(t.calls).toHaveLength(0);
  });

  it("refuses bad values and repeated keys with 400 {error, fields}", async () => {
    for (const query of ["?page=0", "?page=abc", "?receiver_document=12a", "?status=DROP%20TABLE", "?page=1&page=2"]) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { fields?: object }).fields, query).toBeTruthy();
    }
    expect(t.calls).toHaveLength(0);
  });

  it("passes the guard's 401 and 403 through untouched", async () => {
    auth.answer = 401;
    expect((await list()).status).toBe(401);
    auth.answer = 403;
    expect((await list()).status).toBe(403);
    expect(t.calls).toHaveLength(0);
  });

  it("provider failures become 502/504 JSON with a reason", async () => {
    await t.fault({ method: "GET", path: "/v1/pix/payments", fault: "500", times: 3 });
    const failed = await list();
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as { error: string }).error).toContain("Operation failed! Please try again or contact our support team");
    await t.fault({ method: "GET", path: "/v1/pix/payments", fault: "timeout", times: 1 });
    expect((await list()).status).toBe(504);
    await t.fault({ method: "GET", path: "/v1/pix/payments", fault: "malformed-json", times: 1 });
    const garbled = await list();
    expect(garbled.status).toBe(502);
    expect(await garbled.json()).toMatchObject({ kind: "malformed" });
  });
});

describe("POST /api/payments", () => {
  it("registers (201), normalises the key with the shared schema, and audits it", async () => {
    const body = transfer();
    const res = await register(body);
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { payment: { idempotent_id: string; pix_key: string }; reconciled: boolean };
    expect(answer).toMatchObject({ reconciled: false, payment: { idempotent_id: body.idempotent_id, pix_key: "maria.santos@example.com" } });
    expect(lastAudit()).toMatchObject({ action: "payment.register", target: body.idempotent_id, outcome: "registered", actor: { id: "u-operator" } });
    const repeat = await register(body);
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toMatchObject({ reconciled: true });
  });

  it("422 {error, fields} on validation, nothing sent, nothing audited", async () => {
    const res = await register({ ...transfer(), receiver_document: "12345678900", value_cents: -5 });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { fields: Record<string, string> };
    expect(Object.keys(body.fields).sort()).toEqual(["receiver_document", "value_cents"]);
    expect(t.calls).toHaveLength(0);
    expect(audit.recordAudit).not.toHaveBeenCalled();
  });

  it("refuses a foreign Origin (403), a non-JSON body (415) and broken JSON (400)", async () => {
    expect((await register(transfer(), { origin: "https://evil.example" })).status).toBe(403);
    expect((await register(transfer(), { "content-type": "text/plain" })).status).toBe(415);
    expect((await register("{not json")).status).toBe(400);
    expect(t.calls).toHaveLength(0);
  });

  it("the provider's refusals keep their words: 403 Receiver not allowed, 422 Insufficient funds", async () => {
    const blocked = await register({ ...transfer(), receiver_document: "52998224725" });
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toMatchObject({ error: "Receiver not allowed", kind: "forbidden" });
    expect(lastAudit()).toMatchObject({ outcome: "rejected" });
    const broke = await register(transfer(60_000_000));
    expect(broke.status).toBe(422);
    expect(await broke.json()).toMatchObject({ error: "Insufficient funds", kind: "insufficient_funds" });
  });

  it("unknown outcome: 409 with what is known; timeout-after-commit answers the reconciled payment", async () => {
    await t.fault({ method: "POST", path: "/v1/pix/payments", fault: "timeout", times: 1 });
    const body = transfer();
    const res = await register(body);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      kind: "unknown_outcome",
      outcome: { idempotent_id: body.idempotent_id, registered: false, retry_with_same_id: true },
    });
    expect(lastAudit()).toMatchObject({ outcome: "not_registered" });
    await t.fault({ method: "POST", path: "/v1/pix/payments", fault: "timeout-after-commit", times: 1 });
    const committed = await register(body);
    expect(committed.status).toBe(200);
    expect(await committed.json()).toMatchObject({ reconciled: true, payment: { idempotent_id: body.idempotent_id } });
    expect(t.sandbox.core.index.all().filter((p) => p.idempotent_id === body.idempotent_id)).toHaveLength(1);
  });

  it("an id the client could never read back is refused before sending", async () => {
    const res = await register({ ...transfer(), idempotent_id: "a/../b" });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ fields: { idempotent_id: expect.stringContaining("dot-only") } });
    expect(t.calls).toHaveLength(0);
  });
});
