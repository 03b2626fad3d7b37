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
    getPaymentByReference: vi.fn(async () => {
      throw notFound("getPayment");
    }),
    getQrcode: vi.fn(async () => {
      throw notFound("getQrcode");
    }),
    getQrcodeByReference: vi.fn(async () => {
      throw notFound("getQrcode");
    }),
    listPayments: vi.fn(async () => list([])),
    ...over,
  };
}

const outcomes = (answer: { steps: { by: string; result: { outcome: string } }[] }) => answer.steps.map((s) => [s.by, s.result.outcome]);

describe("runLookup", () => {
  it("asks nothing for an empty text", async () => {
    const fake = reads();
    expect(await runLookup('  "" ', fake)).toEqual({ query: "", kind: "empty", steps: [] });
    expect(fake.getPayment).not.toHaveBeenCalled();
    expect(fake.listPayments).not.toHaveBeenCalled();
  });

  it("finds a payment by its idempotent_id; reads the text as a whole reference code too", async () => {
    const fake = reads({ getPayment: vi.fn(async () => payment()) });
    const answer = await runLookup(' "order-1" ', fake);
    expect(fake.getPayment).toHaveBeenCalledWith("order-1");
    expect(fake.getPaymentByReference).toHaveBeenCalledWith("order-1");
    expect(fake.getQrcodeByReference).toHaveBeenCalledWith("order-1");
    expect(answer.kind).toBe("text");
    expect(outcomes(answer)).toEqual([
      ["idempotent_id", "found"],
      ["reference", "not_found"],
      ["qrcode_reference", "not_found"],
      ["reference_code", "not_found"],
    ]);
    // What the route sends is what the browser can read back.
    expect(lookupAnswerSchema.parse(answer)).toMatchObject({ query: "order-1" });
  });

  it("reads a reference code exactly (GET /v1/pix/payments/{reference_code}) before any partial search, which it then skips", async () => {
    const order: string[] = [];
    const fake = reads({
      getPaymentByReference: vi.fn(async (ref: string) => {
        order.push(`exact:${ref}`);
        return payment({ reference_code: ref });
      }),
      listPayments: vi.fn(async () => {
        order.push("list");
        return list([]);
      }),
    });
    const answer = await runLookup("REF-0001", fake);
    expect(order).toEqual(["exact:REF-0001"]);
    expect(fake.listPayments).not.toHaveBeenCalled();
    expect(answer.steps[1]).toMatchObject({ by: "reference", result: { outcome: "found", payment: { reference_code: "REF-0001" } } });
    expect(answer.steps[3]).toEqual({ by: "reference_code", result: { outcome: "skipped", reason: "found_exactly" } });
  });

  it("falls back to the partial match only after the exact read found nothing, capping the list and keeping the total", async () => {
    const order: string[] = [];
    const many = Array.from({ length: 12 }, (_, i) => payment({ idempotent_id: `p-${i}` }));
    const fake = reads({
      getPaymentByReference: vi.fn(async () => {
        order.push("exact");
        throw notFound("getPayment");
      }),
      listPayments: vi.fn(async () => {
        order.push("list");
        return list(many, 37);
      }),
    });
    const answer = await runLookup("REF-00", fake);
    expect(order).toEqual(["exact", "list"]);
    expect(fake.listPayments).toHaveBeenCalledWith({ reference_code: "REF-00" });
    const step = answer.steps[3];
    if (step?.by !== "reference_code" || step.result.outcome !== "found") throw new Error("expected found");
    expect(step.result.payments).toHaveLength(10);
    expect(step.result.total).toBe(37);
  });

  it("finds a charge by its reference code", async () => {
    const fake = reads({ getQrcodeByReference: vi.fn(async () => qrcode) });
    const answer = await runLookup("QR-1", fake);
    expect(answer.steps[2]).toMatchObject({ by: "qrcode_reference", result: { outcome: "found", qrcode: { reference_code: "QR-1" } } });
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
    expect(outcomes(answer)).toEqual([
      ["qrcode", "found"],
      ["end_to_end", "found"],
    ]);
  });

  it("reports a provider failure of one step by kind, and the other steps' results", async () => {
    const fake = reads({
      getPayment: vi.fn(async () => {
        throw new PaymentsApiError("The payments provider failed", { kind: "upstream_failure", status: 500, operation: "getPayment" });
      }),
      getPaymentByReference: vi.fn(async () => {
        throw new PaymentsApiError("slow", { kind: "timeout", status: 0, operation: "getPayment" });
      }),
      listPayments: vi.fn(async () => list([payment()])),
    });
    const answer = await runLookup("order-1", fake);
    expect(answer.steps[0]).toEqual({ by: "idempotent_id", result: { outcome: "failed", reason: "failed" } });
    expect(answer.steps[1]).toEqual({ by: "reference", result: { outcome: "failed", reason: "timeout" } });
    expect(answer.steps[3]?.result.outcome).toBe("found");
  });

  it("skips the whole-id reads for text that cannot travel as one, saying why, and still searches it as a fragment", async () => {
    const fake = reads();
    const answer = await runLookup("a?b", fake);
    expect(fake.getPayment).not.toHaveBeenCalled();
    expect(fake.getPaymentByReference).not.toHaveBeenCalled();
    expect(answer.steps[0]?.result).toEqual({ outcome: "skipped", reason: "characters" });
    expect(answer.steps[1]?.result).toEqual({ outcome: "skipped", reason: "characters" });
    expect(fake.listPayments).toHaveBeenCalledWith({ reference_code: "a?b" });
  });
});
