import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SANDBOX_FIXTURES } from "@/sandbox/fixtures";
import { PaymentsApiError } from "./errors";
import { getPayment, getQrcode, listPayments } from "./index";
import { startTestSandbox, type TestSandbox } from "./test-sandbox";

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.clearFaults();
  t.calls.length = 0;
});

async function failure(p: Promise<unknown>): Promise<PaymentsApiError> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(PaymentsApiError);
  return err as PaymentsApiError;
}
const apiCalls = () => t.calls.filter((c) => c.path !== "/auth/generate_token");

describe("reads against the sandbox", () => {
  it("lists a page of 100 with totals over all pages", async () => {
    const { payments, meta } = await listPayments({ page: 1 });
    expect(payments).toHaveLength(100);
    expect(meta.current_page).toBe(1);
    expect(meta.total_items_amount).toBeGreaterThan(100);
    expect(payments[0]).toHaveProperty("registration_date");
  });

  it("reads a payment and its QR code by id, and encodes an id with spaces, a slash and accents", async () => {
    const fixture = SANDBOX_FIXTURES.completedWithQr;
    const payment = await getPayment(fixture.idempotentId);
    expect(payment).toMatchObject({ idempotent_id: fixture.idempotentId, status: "completed", end_to_end: fixture.endToEnd });
    const qrcode = await getQrcode(fixture.endToEnd);
    expect(qrcode.status).toBe("paid");
    t.calls.length = 0;
    const odd = await getPayment(SANDBOX_FIXTURES.oddId.idempotentId);
    expect(odd.idempotent_id).toBe("NF 2026/0042 ação");
    expect(apiCalls()[0]?.path).toBe("/v1/pix/payments/NF%202026%2F0042%20a%C3%A7%C3%A3o/idempotent_id");
  });

  it("turns the provider's 406 into not_found with its own words", async () => {
    expect(await failure(getPayment("no-such-payment"))).toMatchObject({ kind: "not_found", status: 406, providerMessage: "Payment not found." });
    expect(await failure(getQrcode("E18236120202611161415SBXNOQRCOD1"))).toMatchObject({ kind: "not_found", providerMessage: "Qrcode not found." });
  });

  it("refuses ids that could change the upstream path before any call", async () => {
    for (const id of ["../x", "..", "a/../../auth/generate_token", "a?page=2", "a#b", "a\\..\\b", "a\u0000", "%2e%2e", "x".repeat(256), ""]) {
      expect((await failure(getPayment(id))).kind, JSON.stringify(id)).toBe("invalid");
    }
    for (const e2e of ["../E1", "E1/2", "E?", "E".repeat(33)]) expect((await failure(getQrcode(e2e))).kind).toBe("invalid");
    expect(t.calls).toHaveLength(0);
  });

  it("checks list parameters before calling: a half date pair is refused in the provider's words", async () => {
    const err = await failure(listPayments({ registration_start_date: "2026-11-01T00:00:00" }));
    expect(err).toMatchObject({ kind: "invalid", fields: { registration_end_date: "registration_end_date required" } });
    expect(t.calls).toHaveLength(0);
  });
});

describe("read faults", () => {
  it("retries a 500 and a reset connection, then succeeds", async () => {
    await t.fault({ method: "GET", path: "/v1/pix/payments", fault: "500", times: 1 });
    await t.fault({ method: "GET", path: "/v1/pix/payments", fault: "reset", times: 1 });
    const { payments } = await listPayments({ page: 2 });
    expect(payments.length).toBeGreaterThan(0);
    expect(apiCalls().map((c) => c.status)).toEqual([500, "error", 200]);
  });

  it("gives up after the configured retries with upstream_failure and the provider's message", async () => {
    await t.fault({ method: "GET", path: "/v1/pix/payments/*", fault: "500", times: 10 });
    const err = await failure(getPayment(SANDBOX_FIXTURES.pending.idempotentId));
    expect(err).toMatchObject({ kind: "upstream_failure", status: 500, providerMessage: "Operation failed! Please try again or contact our support team" });
    expect(apiCalls()).toHaveLength(3);
  });

  it("a timeout is not retried (the user is waiting) and is kind timeout", async () => {
    await t.fault({ method: "GET", path: "/v1/pix/payments", fault: "timeout", times: 1 });
    const err = await failure(listPayments({}));
    expect(err).toMatchObject({ kind: "timeout", status: 0 });
    expect(apiCalls()).toHaveLength(1);
  });

  it("a delay beyond the timeout is a timeout; a short delay is just slow", async () => {
    await t.fault({ method: "GET", path: "/v1/pix/qrcodes/*", fault: "delay", delayMs: 800, times: 1 });
    expect((await failure(getQrcode(SANDBOX_FIXTURES.qrAwaiting.endToEnd))).kind).toBe("timeout");
    await t.fault({ method: "GET", path: "/v1/pix/qrcodes/*", fault: "delay", delayMs: 50, times: 1 });
    expect((await getQrcode(SANDBOX_FIXTURES.qrAwaiting.endToEnd)).status).toBe("awaiting_payment");
  });

  it("malformed JSON is kind malformed with the reason, not retried, never half data", async () => {
    await t.fault({ method: "GET", path: "/v1/pix/payments", fault: "malformed-json", times: 1 });
    const err = await failure(listPayments({}));
    expect(err.kind).toBe("malformed");
    expect(err.message).toMatch(/malformed answer: body is not JSON/);
    expect(apiCalls()).toHaveLength(1);
  });
});
