import { describe, expect, it } from "vitest";
import type { PaymentDetail, PaymentListItem } from "@/lib/contract";
import { createTranslator } from "next-intl";
import en from "@/messages/en";
import ptBR from "@/messages/pt-BR";
import { lookupOutcome as outcomeWith, type LookupSummaryT } from "./outcome";
import type { LookupAnswer } from "./result";

const E2E = "E18236120202206142202a1022c1tg10";

const translate = (messages: typeof en, locale: "en" | "pt-BR"): LookupSummaryT => {
  const t = createTranslator({ locale, messages, namespace: "lookup.summary" });
  return (key, values) => t(key, values);
};
const lookupOutcome = (answer: LookupAnswer) => outcomeWith(answer, translate(en, "en"));

const item = (over: Partial<PaymentListItem> = {}): PaymentListItem => ({
  reference_code: "REF-1",
  idempotent_id: "order 1/2",
  value_cents: 100,
  pix_key_type: "email",
  pix_key: "a@example.com",
  receiver_name: "Ana Souza",
  receiver_document: "52998224725",
  status: "completed",
  registration_date: "2026-11-21T09:15:02.123-03:00",
  payment_date: null,
  cancellation_date: null,
  cancellation_reason: null,
  end_to_end: E2E,
  ...over,
});
const detail = (): PaymentDetail => ({ ...item(), receiver_bank_name: null, receiver_agency: null, receiver_account: null, receiver_account_type: null });

describe("lookupOutcome", () => {
  it("goes straight to the payment an idempotent_id names (the id encoded in the path)", () => {
    const answer: LookupAnswer = {
      query: "order 1/2",
      kind: "text",
      steps: [
        { by: "idempotent_id", result: { outcome: "found", payment: detail() } },
        { by: "reference", result: { outcome: "not_found" } },
        { by: "reference_code", result: { outcome: "not_found" } },
      ],
    };
    expect(lookupOutcome(answer)).toEqual({
      target: "/payments/order%201%2F2",
      summary: "Payment order 1/2 · Ana Souza",
      failed: false,
    });
  });

  it("goes straight to the payment a whole reference code names", () => {
    const answer: LookupAnswer = {
      query: "REF-1",
      kind: "text",
      steps: [
        { by: "idempotent_id", result: { outcome: "not_found" } },
        { by: "reference", result: { outcome: "found", payment: detail() } },
        { by: "reference_code", result: { outcome: "skipped", reason: "found_exactly" } },
      ],
    };
    expect(lookupOutcome(answer).target).toBe("/payments/order%201%2F2");
  });

  it("goes to a charge found by reference code: its page once paid, the charges list before", () => {
    const qr = { reference_code: "QR 1", external_reference: null, value_cents: 100, content: "000201", status: "awaiting_payment" as const, generator_name: null, generator_document: null, payer_name: null, payer_document: null, payer_bank_name: null, payer_agency: null, payer_account: null, payer_account_type: null, registration_date: "2026-11-21T09:15:02.123-03:00", payment_date: null, end_to_end: null };
    const answer = (qrcode: typeof qr | (Omit<typeof qr, "end_to_end" | "status"> & { end_to_end: string; status: "paid" })): LookupAnswer => ({
      query: "QR 1",
      kind: "text",
      steps: [
        { by: "idempotent_id", result: { outcome: "not_found" } },
        { by: "qrcode_reference", result: { outcome: "found", qrcode } },
      ],
    });
    expect(lookupOutcome(answer(qr))).toMatchObject({ target: "/qrcodes?reference_code=QR%201", summary: "Charge QR 1" });
    expect(lookupOutcome(answer({ ...qr, status: "paid", end_to_end: E2E })).target).toBe(`/qrcodes/${E2E}`);
  });

  it("writes the summary in the user's language", () => {
    const answer: LookupAnswer = { query: "zzz", kind: "text", steps: [{ by: "idempotent_id", result: { outcome: "not_found" } }, { by: "reference_code", result: { outcome: "not_found" } }] };
    expect(outcomeWith(answer, translate(ptBR, "pt-BR")).summary).toBe("Não é um ID do parceiro · nenhum pagamento cujo código de referência contém “zzz”");
  });

  it("lists reference-code matches, saying the text is not an idempotent_id", () => {
    const answer: LookupAnswer = {
      query: "REF",
      kind: "text",
      steps: [
        { by: "idempotent_id", result: { outcome: "not_found" } },
        { by: "reference_code", result: { outcome: "found", payments: [item(), item()], total: 3 } },
      ],
    };
    expect(lookupOutcome(answer)).toEqual({
      target: null,
      summary: "Not a partner ID · 3 payments whose reference code contains “REF”",
      failed: false,
    });
  });

  it("says when nothing was found and when a step failed", () => {
    const answer: LookupAnswer = {
      query: "zzz",
      kind: "text",
      steps: [
        { by: "idempotent_id", result: { outcome: "failed", reason: "timeout" } },
        { by: "reference_code", result: { outcome: "not_found" } },
      ],
    };
    expect(lookupOutcome(answer)).toEqual({
      target: null,
      summary: "Could not check the partner ID · no payment whose reference code contains “zzz”",
      failed: true,
    });
  });

  it("opens the QR code record of an end-to-end id when there is one", () => {
    const answer: LookupAnswer = {
      query: E2E,
      kind: "end_to_end",
      steps: [
        {
          by: "qrcode",
          result: {
            outcome: "found",
            qrcode: {
              reference_code: "QR-1",
              external_reference: null,
              value_cents: 100,
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
            },
          },
        },
        { by: "end_to_end", result: { outcome: "found", payments: [item(), item({ idempotent_id: "b" })], total: 2 } },
      ],
    };
    expect(lookupOutcome(answer)).toEqual({
      target: `/qrcodes/${E2E}`,
      summary: `${E2E} · QR code record found · 2 payments with this end-to-end ID`,
      failed: false,
    });
  });

  it("opens the only payment carrying an end-to-end id that has no QR code record", () => {
    const answer: LookupAnswer = {
      query: E2E,
      kind: "end_to_end",
      steps: [
        { by: "qrcode", result: { outcome: "not_found" } },
        { by: "end_to_end", result: { outcome: "found", payments: [item()], total: 1 } },
      ],
    };
    // No QR record but exactly one payment carries the id: that payment is the record.
    expect(lookupOutcome(answer).target).toBe("/payments/order%201%2F2");
    expect(lookupOutcome(answer).summary).toBe(`${E2E} · No QR code record · 1 payment with this end-to-end ID`);
  });

  it("stays on the results for an end-to-end id with no QR record and no single payment", () => {
    const answer: LookupAnswer = {
      query: E2E,
      kind: "end_to_end",
      steps: [
        { by: "qrcode", result: { outcome: "failed", reason: "unreachable" } },
        { by: "end_to_end", result: { outcome: "not_found" } },
      ],
    };
    expect(lookupOutcome(answer)).toMatchObject({ target: null, failed: true });
  });
});
