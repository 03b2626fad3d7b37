import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PaymentsApiError } from "./errors";
import { postPayment, readBackPayment } from "./index";
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

describe("postPayment and readBackPayment", () => {
  it("a POST registers; reading back finds the same transfer (nothing differs)", async () => {
    const id = newId();
    expect(await readBackPayment(dictBody(id))).toEqual({ kind: "absent" });
    const posted = await postPayment(dictBody(id));
    expect(posted).toMatchObject({ kind: "registered", status: "authorization_pending", reference_code: expect.any(String) });
    const found = await readBackPayment(dictBody(id));
    expect(found).toMatchObject({ kind: "found", differs: [], payment: { idempotent_id: id } });
    expect(posts()).toHaveLength(1);
    expect(copiesOf(id)).toBe(1);
  });

  it("an id already used by another transfer reads back as found, naming what differs", async () => {
    const id = newId();
    await postPayment(dictBody(id, 500));
    expect(await readBackPayment(dictBody(id, 501))).toMatchObject({ kind: "found", differs: ["value_cents"] });
    expect(await readBackPayment({ ...dictBody(id, 500), pix_key: "someone.else@example.com" })).toMatchObject({ kind: "found", differs: ["pix_key"] });
  });

  it("the provider's refusals keep its words: 403 Receiver not allowed, 422 Insufficient funds, 400 with fields", async () => {
    expect(await postPayment({ ...dictBody(newId()), receiver_document: "52998224725" })).toEqual({
      kind: "refused",
      http_status: 403,
      message: "Receiver not allowed",
    });
    expect(await postPayment(dictBody(newId(), 60_000_000))).toEqual({ kind: "refused", http_status: 422, message: "Insufficient funds" });
    const invalid = await postPayment({ ...dictBody(newId()), pix_key_type: "cpf", pix_key: "123" });
    expect(invalid).toMatchObject({ kind: "refused", http_status: 400, fields: { pix_key: expect.any(String) } });
  });

  it("never sends a body that breaks the wire rules, nor an id that could not be read back", async () => {
    await expect(postPayment({ ...dictBody(newId()), value_cents: 0 })).rejects.toBeInstanceOf(PaymentsApiError);
    await expect(postPayment(dictBody("../escape"))).rejects.toMatchObject({ fields: { idempotent_id: expect.any(String) } });
    await expect(readBackPayment(dictBody("../escape"))).rejects.toMatchObject({ fields: { idempotent_id: expect.any(String) } });
    expect(t.calls).toHaveLength(0);
  });

  it("a read that fails is `unavailable`, never `absent`", async () => {
    await t.fault({ method: "GET", path: "/v1/pix/payments/*", fault: "500", times: 3 });
    expect(await readBackPayment(dictBody(newId()))).toEqual({ kind: "unavailable", lost: { failure: "server_error", http_status: 500 } });
  });
});

describe("a POST whose answer is lost is ambiguous: it may have committed, or not", () => {
  const cases = [
    { fault: "timeout-after-commit", committed: true, failure: "timeout" },
    { fault: "malformed-json", committed: true, failure: "malformed" },
    { fault: "timeout", committed: false, failure: "timeout" },
    { fault: "reset", committed: false, failure: "network" },
    { fault: "500", committed: false, failure: "server_error" },
  ] as const;

  for (const { fault, committed, failure } of cases) {
    it(`${fault}: ambiguous (${failure}); the provider ${committed ? "has" : "does not have"} it`, async () => {
      const id = newId();
      await t.fault({ method: "POST", path: "/v1/pix/payments", fault, times: 1 });
      expect(await postPayment(dictBody(id))).toMatchObject({ kind: "ambiguous", lost: { failure } });
      expect(posts()).toHaveLength(1);
      expect(copiesOf(id)).toBe(committed ? 1 : 0);
    });
  }
});
