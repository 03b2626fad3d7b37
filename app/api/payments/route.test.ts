import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog } from "@/lib/db/schema";
import { TEST_ENGINES } from "@/lib/db/test-engines";
import { resetEnvForTests } from "@/lib/env";
import { dictBody, startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { saveApprovalPolicy } from "@/lib/transfers/server/policy-store";
import { startEngineHarness, waitForState, type EngineHarness } from "@/lib/transfers/testing/harness";
import { driveEngine } from "@/lib/transfers/testing/drive";
import { TEST_ENGINE_SETTINGS } from "@/lib/transfers/testing/fixtures";
import { seedTestPeople } from "@/lib/transfers/testing/fixtures";
import { guardRefusal } from "@/lib/testing/guard-refusal";

const auth = vi.hoisted(() => ({ answer: "user" as "user" | 401 | 403 }));
vi.mock("@/lib/auth/guard", () => ({
  requireApiUser: vi.fn(async () =>
    auth.answer === "user"
      ? { user: { id: "u-operator", email: "operator@demo.test", name: "Olivia Operator", role: "operator" } }
      : { response: guardRefusal(auth.answer, auth.answer === 401 ? "Sign in required" : "Your role (viewer) may not register payments") },
  ),
}));
const audit = vi.hoisted(() => ({ recordAudit: vi.fn(async (_entry: Record<string, unknown>) => {}) }));
vi.mock("@/lib/db/audit", () => audit);

const { GET, POST } = await import("./route");

let t: TestSandbox;
let h: EngineHarness;
let n = 0;
beforeAll(async () => {
  t = await startTestSandbox({ balanceCents: 50_000_000 });
  // The route waits for the outcome up to the register timeout: the suite's 500 ms left a loaded
  // machine answering 202 where the provider's answer was due. 5 s (and a lease beyond it) makes
  // the answers here the provider's, whatever the machine's speed.
  process.env.PAYMENTS_API_REGISTER_TIMEOUT_MS = "5000";
  resetEnvForTests();
  h = await startEngineHarness(TEST_ENGINES[0]!, { leaseMs: 15_000 });
  await seedTestPeople(h.store.db, [{ id: "u-operator", role: "operator" }, { id: "u-admin", role: "admin" }]);
});
afterAll(async () => {
  await h.close();
  await t.close();
});
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
const audited = (action: string) => audit.recordAudit.mock.calls.map(([entry]) => entry).filter((e) => e.action === action);
const paymentsWithId = (id: string) => t.sandbox.core.index.all().filter((p) => p.idempotent_id === id);

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

describe("POST /api/payments (the alias of POST /api/transfers that waits for the outcome)", () => {
  it("registers (201), normalises the key with the shared schema, and audits the request and its submission", async () => {
    const body = transfer();
    const res = await register(body);
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { payment: { idempotent_id: string; pix_key: string }; reconciled: boolean };
    expect(answer).toMatchObject({ reconciled: false, payment: { idempotent_id: body.idempotent_id, pix_key: "maria.santos@example.com" } });
    expect(audited("transfer.create").at(-1)).toMatchObject({ target: body.idempotent_id, actor: { id: "u-operator" } });
    // The submission's audit row is written with its move, in the store (lib/transfers/server/move-at-once.ts).
    const submitted = await h.store.db.select().from(auditLog).where(and(eq(auditLog.action, "transfer.submit"), eq(auditLog.target, body.idempotent_id)));
    expect(submitted).toEqual([expect.objectContaining({ outcome: "registered", actorId: null })]);
    const repeat = await register(body);
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toMatchObject({ reconciled: true });
    expect(paymentsWithId(body.idempotent_id)).toHaveLength(1);
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
    // Above the balance means above every approval tier too: this company sends without approvals.
    await saveApprovalPolicy(h.store.db, { tiers: [{ from_cents: 0, approvals: 0 }], expiry_hours: 24 }, { id: "u-admin", email: "admin@demo.test" }, null);
    const blocked = await register({ ...transfer(), receiver_document: "52998224725" });
    expect(blocked.status).toBe(403);
    const refusal = (await blocked.json()) as { error: string; kind: string };
    expect(refusal.kind).toBe("forbidden");
    expect(refusal.error).toContain("Receiver not allowed");
    expect(audited("transfer.submit").at(-1)).toMatchObject({ outcome: "refused" });
    const broke = await register(transfer(60_000_000));
    expect(broke.status).toBe(422);
    const low = (await broke.json()) as { error: string; kind: string };
    expect(low.kind).toBe("insufficient_funds");
    expect(low.error).toContain("Insufficient funds");
  });

  it("a lost answer is sent again with the same id; an answer lost after the provider committed is found: one payment each", async () => {
    await t.fault({ method: "POST", path: "/v1/pix/payments", fault: "timeout", times: 1 });
    const lost = transfer();
    const first = await register(lost);
    // The answer was lost: waiting to confirm with the provider (202), never a second payment.
    expect(first.status).toBe(202);
    const { transfer: pending } = (await register(lost).then((r) => r.json())) as { transfer: { id: string; state: string } };
    expect(pending.state).toBe("outcome_unknown");
    // Sent again with the same id only once the settle horizon passed with it still absent (time driven, not waited for).
    const { states } = await driveEngine(h.store.db, [pending.id], TEST_ENGINE_SETTINGS);
    expect(states.get(pending.id)).toBe("registered");
    expect(paymentsWithId(lost.idempotent_id)).toHaveLength(1);

    await t.fault({ method: "POST", path: "/v1/pix/payments", fault: "timeout-after-commit", times: 1 });
    const committed = transfer();
    const res = await register(committed);
    expect([200, 202]).toContain(res.status);
    const { transfer: found } = (await res.json()) as { transfer: { id: string } };
    const settled = await waitForState(h.store, found.id, ["registered"]);
    expect(settled.outcome).toMatchObject({ kind: "registered", found_by_read_back: true });
    expect(paymentsWithId(committed.idempotent_id)).toHaveLength(1);
  });

  it("an id the client could never read back is refused before sending", async () => {
    const res = await register({ ...transfer(), idempotent_id: "a/../b" });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { fields: Record<string, string> };
    expect(Object.keys(body.fields)).toEqual(["idempotent_id"]);
    expect(t.calls).toHaveLength(0);
  });
});
