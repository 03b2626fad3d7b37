import { describe, expect, it, vi } from "vitest";
import type { ListPaymentsAnswer, PaymentDetail, Qrcode } from "@/lib/contract";
import { PaymentsApiError } from "@/lib/payments-api/errors";
import { lookupAnswerSchema } from "./result";
import { runLookup, type LookupReads } from "./run-lookup";

const E2E = "E18236120202206142202a1022c1tg10";

function payment(over: Partial<PaymentDetail> = {}): PaymentDetail {
  return {
    reference_code: "REF-0001",
    idempotent_id: "order-1",
    value_cents: 1234,
    pix_key_type: "email",
    pix_key: "ana@example.com",
    receiver_name: "Ana Souza",
    receiver_document: "52998224725",
    status: "completed",
    registration_date: "2026-11-21T09:15:02.123-03:00",
    payment_date: "2026-11-21T09:16:00.000-03:00",
    cancellation_date: null,
    cancellation_reason: null,
    end_to_end: E2E,
    receiver_bank_name: "Banco Exemplo",
    receiver_agency: "0001",
    receiver_account: "123456",
    receiver_account_type: "checking_account",
    ...over,
  };
}

const qrcode: Qrcode = {
  reference_code: "QR-1",
  external_reference: null,
  value_cents: 1234,
  content: "000201",
  status: "paid",
  generator_name: null,
  generator_document: null,
  payer_name: null,
  payer_document: null,
  payer_bank_name: null,
  payer_agency: null,
  payer_account: null,
  payer_account_type: null,
  registration_date: "2026-11-21T09:15:02.123-03:00",
  payment_date: null,
  end_to_end: E2E,
};

const notFound = (operation: "getPayment" | "getQrcode") =>
  new PaymentsApiError("Payment not found.", { kind: "not_found", status: 406, operation });

function list(payments: PaymentDetail[], total = payments.length): ListPaymentsAnswer {
  return {
    payments,
    meta: { current_page: 1, total_pages: 1, total_items_amount: total, total_value_cents: 0 },
  };
}

function reads(over: Partial<LookupReads> = {}): LookupReads {
  return {
    getPayment: vi.fn(async () => {
      throw notFound("getPayment");
    }),
    getQrcode: vi.fn(async () => {
      throw notFound("getQrcode");
    }),
    listPayments: vi.fn(async () => list([])),
    ...over,
  };
}

describe("runLookup", () => {
  it("asks nothing for an empty text", async () => {
    const fake = reads();
    expect(await runLookup('  "" ', fake)).toEqual({ query: "", kind: "empty", steps: [] });
    expect(fake.getPayment).not.toHaveBeenCalled();
    expect(fake.listPayments).not.toHaveBeenCalled();
  });

  it("finds a payment by its idempotent_id and still searches reference codes", async () => {
    const fake = reads({ getPayment: vi.fn(async () => payment()) });
    const answer = await runLookup(' "order-1" ', fake);
    expect(fake.getPayment).toHaveBeenCalledWith("order-1");
    expect(fake.listPayments).toHaveBeenCalledWith({ reference_code: "order-1" });
    expect(answer.kind).toBe("text");
    expect(answer.steps[0]).toMatchObject({ by: "idempotent_id", result: { outcome: "found" } });
    expect(answer.steps[1]).toEqual({ by: "reference_code", result: { outcome: "not_found" } });
    // What the route sends is what the browser can read back.
    expect(lookupAnswerSchema.parse(answer)).toMatchObject({ query: "order-1" });
  });

  it("falls back to reference codes, capping the list and keeping the total", async () => {
    const many = Array.from({ length: 12 }, (_, i) => payment({ idempotent_id: `p-${i}` }));
    const fake = reads({ listPayments: vi.fn(async () => list(many, 37)) });
    const answer = await runLookup("REF-00", fake);
    expect(answer.steps[0]).toEqual({ by: "idempotent_id", result: { outcome: "not_found" } });
    const step = answer.steps[1];
    expect(step?.by).toBe("reference_code");
    if (step?.by !== "reference_code" || step.result.outcome !== "found") throw new Error("expected found");
    expect(step.result.payments).toHaveLength(10);
    expect(step.result.total).toBe(37);
  });

  it("looks up an end-to-end id as a QR code record and as the payments carrying it", async () => {
    const fake = reads({
      getQrcode: vi.fn(async () => qrcode),
      listPayments: vi.fn(async () => list([payment()])),
    });
    const answer = await runLookup(E2E, fake);
    expect(answer.kind).toBe("end_to_end");
    expect(fake.getQrcode).toHaveBeenCalledWith(E2E);
    expect(fake.listPayments).toHaveBeenCalledWith({ end_to_end: E2E });
    expect(fake.getPayment).not.toHaveBeenCalled();
    expect(answer.steps.map((s) => [s.by, s.result.outcome])).toEqual([
      ["qrcode", "found"],
      ["end_to_end", "found"],
    ]);
  });

  it("reports a provider failure of one step with its reason, and the other step's result", async () => {
    const fake = reads({
      getPayment: vi.fn(async () => {
        throw new PaymentsApiError("The payments provider failed", { kind: "upstream_failure", status: 500, operation: "getPayment" });
      }),
      listPayments: vi.fn(async () => list([payment()])),
    });
    const answer = await runLookup("order-1", fake);
    expect(answer.steps[0]).toEqual({
      by: "idempotent_id",
      result: { outcome: "failed", reason: "The payments provider failed" },
    });
    expect(answer.steps[1]?.result.outcome).toBe("found");
  });

  it("skips the idempotent_id read for text that cannot be one, saying why", async () => {
    const fake = reads();
    const answer = await runLookup("a?b", fake);
    expect(fake.getPayment).not.toHaveBeenCalled();
    expect(answer.steps[0]?.result).toMatchObject({ outcome: "skipped", reason: expect.stringMatching(/cannot be an idempotent_id/) });
    expect(fake.listPayments).toHaveBeenCalledWith({ reference_code: "a?b" });
  });
});
