import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PaymentsApiError } from "./errors";
import { registerPayment } from "./index";
import { dictBody, startTestSandbox, type TestSandbox } from "./test-sandbox";

let t: TestSandbox;
let n = 0;
const newId = () => `reg-test-${Date.now()}-${++n}`;
beforeAll(async () => {
  t = await startTestSandbox({ balanceCents: 50_000_000 });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.clearFaults();
  t.calls.length = 0;
});

const posts = () => t.calls.filter((c) => c.method === "POST" && c.path === "/v1/pix/payments");
const registeredCount = () => t.sandbox.state().payments.registered;
const copiesOf = (id: string) => t.sandbox.core.index.all().filter((p) => p.idempotent_id === id).length;
async function failure(p: Promise<unknown>): Promise<PaymentsApiError> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(PaymentsApiError);
  return err as PaymentsApiError;
}

describe("registerPayment", () => {
  it("registers once; a repeat with the same id returns the same payment without a second POST", async () => {
    const id = newId();
    const before = registeredCount();
    const first = await registerPayment(dictBody(id));
    expect(first).toMatchObject({ reconciled: false, payment: { idempotent_id: id, status: "authorization_pending", value_cents: 1_234 } });
    t.calls.length = 0;
    const again = await registerPayment(dictBody(id));
    expect(again).toEqual({ reconciled: true, payment: { ...first.payment, pix_key: first.payment.pix_key ?? null } });
    expect(posts()).toHaveLength(0);
    expect(registeredCount()).toBe(before + 1);
  });

  it("refuses the same id for a different transfer, and a second click while the first is in flight", async () => {
    const id = newId();
    await registerPayment(dictBody(id, 500));
    expect(await failure(registerPayment(dictBody(id, 501)))).toMatchObject({ kind: "conflict" });
    const otherKey = { ...dictBody(id, 500), pix_key: "someone.else@example.com" };
    const keyConflict = await failure(registerPayment(otherKey));
    expect(keyConflict).toMatchObject({ kind: "conflict" });
    expect(keyConflict.message).toContain("pix_key");
    const other = newId();
    const [a, b] = await Promise.allSettled([registerPayment(dictBody(other)), registerPayment(dictBody(other))]);
    expect([a.status, b.status].sort()).toEqual(["fulfilled", "rejected"]);
    expect(((a.status === "rejected" ? a.reason : (b as PromiseRejectedResult).reason) as PaymentsApiError).kind).toBe("conflict");
    expect(copiesOf(other)).toBe(1);
  });

  it("maps the provider's refusals: Receiver not allowed (403), Insufficient funds (422), validation (400)", async () => {
    const blocked = { ...dictBody(newId()), receiver_document: "52998224725" };
    expect(await failure(registerPayment(blocked))).toMatchObject({ kind: "forbidden", providerMessage: "Receiver not allowed" });
    expect(await failure(registerPayment(dictBody(newId(), 60_000_000)))).toMatchObject({ kind: "insufficient_funds", providerMessage: "Insufficient funds" });
    const badKey = { ...dictBody(newId()), pix_key_type: "cpf" as const, pix_key: "123" };
    const invalid = await failure(registerPayment(badKey));
    expect(invalid).toMatchObject({ kind: "invalid", status: 400 });
    expect(invalid.fields).toHaveProperty("pix_key");
  });

  it("never sends a body that breaks the wire rules, nor an id that could not be read back", async () => {
    expect((await failure(registerPayment({ ...dictBody(newId()), value_cents: 0 }))).kind).toBe("invalid");
    expect((await failure(registerPayment(dictBody("../escape")))).fields).toHaveProperty("idempotent_id");
    expect(t.calls).toHaveLength(0);
  });
});

describe("registration faults: never retried, never duplicated", () => {
  const cases = [
    { fault: "timeout-after-commit", outcome: "reconciled" },
    { fault: "malformed-json", outcome: "reconciled" },
    { fault: "timeout", outcome: "not_registered" },
    { fault: "reset", outcome: "not_registered" },
    { fault: "500", outcome: "not_registered" },
  ] as const;

  for (const { fault, outcome } of cases) {
    it(`${fault}: ${outcome === "reconciled" ? "answers the payment found by reading it back" : "reports not registered; a retry with the same id registers it once"}`, async () => {
      const id = newId();
      await t.fault({ method: "POST", path: "/v1/pix/payments", fault, times: 1 });
      if (outcome === "reconciled") {
        const result = await registerPayment(dictBody(id));
        expect(result).toMatchObject({ reconciled: true, payment: { idempotent_id: id } });
      } else {
        const err = await failure(registerPayment(dictBody(id)));
        expect(err).toMatchObject({ kind: "unknown_outcome", registered: false, idempotentId: id });
        expect(err.message).toMatch(/not registered.*same payment id/);
        expect(copiesOf(id)).toBe(0);
        expect((await registerPayment(dictBody(id))).reconciled).toBe(false);
      }
      expect(posts().length).toBe(outcome === "reconciled" ? 1 : 2);
      expect(copiesOf(id)).toBe(1);
    });
  }

  it("delay beyond our timeout: the answer matches what the provider holds, and a retry never duplicates", async () => {
    const id = newId();
    await t.fault({ method: "POST", path: "/v1/pix/payments", fault: "delay", delayMs: 700, times: 1 });
    const outcome = await registerPayment(dictBody(id)).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 400)); // let the delayed request finish upstream
    if (outcome instanceof PaymentsApiError) {
      // The sandbox drops a request whose client gave up: "not registered" must then be true.
      expect(outcome).toMatchObject({ kind: "unknown_outcome", registered: false });
      expect(copiesOf(id)).toBe(0);
    } else {
      expect(outcome).toMatchObject({ reconciled: true });
    }
    await registerPayment(dictBody(id));
    expect(copiesOf(id)).toBe(1);
  });

  it("when the read-back fails too, the outcome is unknown and nobody may retry yet", async () => {
    const id = newId();
    await t.fault({ method: "POST", path: "/v1/pix/payments", fault: "timeout-after-commit", times: 1 });
    const pending = failure(registerPayment(dictBody(id)));
    // Once the POST is out (the pre-check read is done), make every read fail.
    while (posts().length === 0) await new Promise((r) => setTimeout(r, 5));
    await t.fault({ method: "GET", path: "/v1/pix/payments/*", fault: "500", times: 1_000 });
    const err = await pending;
    expect(err).toMatchObject({ kind: "unknown_outcome", registered: "unknown", idempotentId: id });
    expect(err.message).toMatch(/Do not register it again/);
    expect(posts()).toHaveLength(1);
    await t.clearFaults();
    // Later, a retry with the same id finds the payment that did go through: still one copy.
    expect(await registerPayment(dictBody(id))).toMatchObject({ reconciled: true });
    expect(posts()).toHaveLength(1);
    expect(copiesOf(id)).toBe(1);
  });

  it("a failed pre-check read sends nothing", async () => {
    await t.fault({ method: "GET", path: "/v1/pix/payments/*", fault: "500", times: 3 });
    expect(await failure(registerPayment(dictBody(newId())))).toMatchObject({ kind: "upstream_failure" });
    expect(posts()).toHaveLength(0);
  });
});
