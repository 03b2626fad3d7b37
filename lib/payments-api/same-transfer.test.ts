import { describe, expect, it } from "vitest";
import type { PaymentDetail, RegisterPaymentBody } from "@/lib/contract";
import { transferDifferences } from "./same-transfer";

const found = (over: Partial<PaymentDetail> = {}): PaymentDetail => ({
  reference_code: "REF1",
  idempotent_id: "id-1",
  value_cents: 1_000,
  pix_key_type: "email",
  pix_key: "maria@example.com",
  receiver_name: "Maria",
  receiver_document: "39053344705",
  status: "sent",
  registration_date: "2026-11-20T10:00:00.000-03:00",
  payment_date: null,
  cancellation_date: null,
  cancellation_reason: null,
  end_to_end: null,
  receiver_bank_name: "Banco Exemplo",
  receiver_agency: "0001",
  receiver_account: "123456",
  receiver_account_type: "savings_account",
  ...over,
});
const dict: RegisterPaymentBody = {
  idempotent_id: "id-1",
  value_cents: 1_000,
  initiation_type: "dict",
  receiver_name: "Maria",
  receiver_document: "390.533.447-05",
  pix_key_type: "email",
  pix_key: "  Maria@Example.com ",
};
const manual: RegisterPaymentBody = {
  idempotent_id: "id-1",
  value_cents: 1_000,
  initiation_type: "manual",
  receiver_name: "Maria",
  receiver_document: "39053344705",
  receiver_bank_ispb: "00360305",
  receiver_agency: "1",
  receiver_account: "00123456",
  receiver_account_type: "SVGS",
};

describe("transferDifferences (a reused idempotent_id)", () => {
  it("the same key transfer, written differently, is the same transfer", () => {
    expect(transferDifferences(found(), dict)).toEqual([]);
  });

  it("names every field of a key transfer that differs", () => {
    expect(transferDifferences(found(), { ...dict, value_cents: 1_001 })).toEqual(["value_cents"]);
    expect(transferDifferences(found(), { ...dict, receiver_document: "11144477735" })).toEqual(["receiver_document"]);
    expect(transferDifferences(found(), { ...dict, pix_key: "other@example.com" })).toEqual(["pix_key"]);
    expect(transferDifferences(found(), { ...dict, pix_key_type: "cpf", pix_key: "39053344705" })).toEqual(["pix_key_type"]);
  });

  it("a bank transfer compares branch, account (leading zeros aside) and account type", () => {
    expect(transferDifferences(found(), manual)).toEqual([]);
    expect(transferDifferences(found(), { ...manual, receiver_agency: "2" })).toEqual(["receiver_agency"]);
    expect(transferDifferences(found(), { ...manual, receiver_account: "654321" })).toEqual(["receiver_account"]);
    expect(transferDifferences(found(), { ...manual, receiver_account_type: "CACC" })).toEqual(["receiver_account_type"]);
  });

  it("bank data the provider did not return cannot differ", () => {
    const bare = found({ receiver_agency: null, receiver_account: null, receiver_account_type: null });
    expect(transferDifferences(bare, manual)).toEqual([]);
  });
});
