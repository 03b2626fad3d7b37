import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PaymentsApiError } from "./errors";
import { submitPayment } from "./index";
import { dictBody, startTestSandbox, type TestSandbox } from "./test-sandbox";

let t: TestSandbox;
let n = 0;
const newId = () => `sub-test-${Date.now()}-${++n}`;
beforeAll(async () => {
  t = await startTestSandbox({ balanceCents: 50_000_000 });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.clearFaults();
  t.calls.length = 0;
});

const posts = () => t.calls.filter((c) => c.method === "POST" && c.path === "/v1/pix/payments");
const copiesOf = (id: string) => t.sandbox.core.index.all().filter((p) => p.idempotent_id === id).length;

describe("submitPayment", () => {
  it("registers once; a repeat with the same id is answered from the read-back, without a second POST", async () => {
    const id = newId();
    const first = await submitPayment(dictBody(id));
    expect(first).toMatchObject({ kind: "registered", status: "authorization_pending", found_by_read_back: false });
    t.calls.length = 0;
    const again = await submitPayment(dictBody(id));
    expect(again).toEqual({ ...first, found_by_read_back: true });
    expect(posts()).toHaveLength(0);
    expect(copiesOf(id)).toBe(1);
  });

  it("an id already used by another transfer is a conflict naming what differs; nothing is sent", async () => {
    const id = newId();
    await submitPayment(dictBody(id, 500));
    t.calls.length = 0;
    expect(await submitPayment(dictBody(id, 501))).toMatchObject({ kind: "conflict", differs: ["value_cents"] });
    expect(await submitPayment({ ...dictBody(id, 500), pix_key: "someone.else@example.com" })).toMatchObject({
      kind: "conflict",
      differs: ["pix_key"],
    });
    expect(posts()).toHaveLength(0);
  });

  it("the provider's refusals keep its words: 403 Receiver not allowed, 422 Insufficient funds, 400 with fields", async () => {
    expect(await submitPayment({ ...dictBody(newId()), receiver_document: "52998224725" })).toEqual({
      kind: "refused",
      http_status: 403,
      message: "Receiver not allowed",
    });
    expect(await submitPayment(dictBody(newId(), 60_000_000))).toEqual({ kind: "refused", http_status: 422, message: "Insufficient funds" });
    const invalid = await submitPayment({ ...dictBody(newId()), pix_key_type: "cpf", pix_key: "123" });
    expect(invalid).toMatchObject({ kind: "refused", http_status: 400, fields: { pix_key: expect.any(String) } });
  });

  it("never sends a body that breaks the wire rules, nor an id that could not be read back", async () => {
    await expect(submitPayment({ ...dictBody(newId()), value_cents: 0 })).rejects.toBeInstanceOf(PaymentsApiError);
    await expect(submitPayment(dictBody("../escape"))).rejects.toMatchObject({ fields: { idempotent_id: expect.any(String) } });
    expect(t.calls).toHaveLength(0);
  });
});

describe("faults after the POST: settled by reading back, never sent twice here", () => {
  const cases = [
    { fault: "timeout-after-commit", expected: "registered", failure: "timeout" },
    { fault: "malformed-json", expected: "registered", failure: "malformed" },
    { fault: "timeout", expected: "not_registered", failure: "timeout" },
    { fault: "reset", expected: "not_registered", failure: "network" },
    { fault: "500", expected: "not_registered", failure: "server_error" },
  ] as const;

  for (const { fault, expected, failure } of cases) {
    it(`${fault}: ${expected}`, async () => {
      const id = newId();
      await t.fault({ method: "POST", path: "/v1/pix/payments", fault, times: 1 });
      const outcome = await submitPayment(dictBody(id));
      if (expected === "registered") {
        expect(outcome).toMatchObject({ kind: "registered", found_by_read_back: true });
        expect(copiesOf(id)).toBe(1);
      } else {
        expect(outcome).toMatchObject({ kind: "not_registered", sent: true, lost: { failure } });
        expect(copiesOf(id)).toBe(0);
        // The same id may be sent again: exactly one payment.
        expect(await submitPayment(dictBody(id))).toMatchObject({ kind: "registered", found_by_read_back: false });
      }
      expect(posts().length).toBe(expected === "registered" ? 1 : 2);
      expect(copiesOf(id)).toBe(1);
    });
  }

  it("when the read-back fails too, the outcome is unknown; a later submission finds the payment, still one copy", async () => {
    const id = newId();
    await t.fault({ method: "POST", path: "/v1/pix/payments", fault: "timeout-after-commit", times: 1 });
    const pending = submitPayment(dictBody(id));
    // Once the POST is out (the first read is done), make every read fail.
    while (posts().length === 0) await new Promise((r) => setTimeout(r, 5));
    await t.fault({ method: "GET", path: "/v1/pix/payments/*", fault: "500", times: 1_000 });
    expect(await pending).toEqual({ kind: "unknown", lost: { failure: "timeout" } });
    expect(posts()).toHaveLength(1);
    await t.clearFaults();
    expect(await submitPayment(dictBody(id))).toMatchObject({ kind: "registered", found_by_read_back: true });
    expect(posts()).toHaveLength(1);
    expect(copiesOf(id)).toBe(1);
  });

  it("a failed first read sends nothing: not registered, not sent", async () => {
    await t.fault({ method: "GET", path: "/v1/pix/payments/*", fault: "500", times: 3 });
    expect(await submitPayment(dictBody(newId()))).toEqual({
      kind: "not_registered",
      sent: false,
      lost: { failure: "server_error", http_status: 500 },
    });
    expect(posts()).toHaveLength(0);
  });
});
