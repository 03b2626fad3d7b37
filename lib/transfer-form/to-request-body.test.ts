import { describe, expect, it } from "vitest";
import { emptyRegisterForm, type RegisterFormValues } from "./form-values";
import { compactDigits, readAmount, toRequestBody } from "./to-request-body";

const form = (over: Partial<RegisterFormValues> = {}): RegisterFormValues => ({
  ...emptyRegisterForm("7f1c2e0a-5b7d-4c1e-9a35-3f2b8f0f6d11"),
  amount: "10,00",
  receiver_name: "Maria Souza",
  receiver_document: "529.982.247-25",
  ...over,
});

describe("readAmount: the amount as typed -> integer cents", () => {
  it.each([
    ["0,01", 1],
    ["1.000.000,00", 100_000_000],
    ["1.234,56", 123_456],
    ["1234,56", 123_456],
    ["1234.56", 123_456],
    ["1234", 123_400],
    ["R$ 10", 1_000],
    ["0,1", 10],
    // amounts whose float *100 is not exact must still be exact cents
    ["4,35", 435],
    ["1,15", 115],
    ["19,99", 1_999],
    ["1.005,10", 100_510],
    ["0.07", 7],
  ])("%s -> %i cents", (text, cents) => {
    expect(readAmount(text)).toEqual({ cents });
  });

  it.each(["1,2,3", "1.23.4", "12,345", "-5", "abc", "", "   ", "1,2.3"])("refuses %j with a reason", (text) => {
    const reading = readAmount(text);
    expect(reading.cents).toBeUndefined();
    expect(reading.problem).toMatch(/^(negative|empty|characters|decimals|tooLarge|format)$/);
  });
});

describe("toRequestBody: form values -> the registration body", () => {
  it("sends the amount as integer cents, never a float", () => {
    const { body } = toRequestBody(form({ amount: "1.000.000,00" }));
    expect(body.value_cents).toBe(100_000_000);
    expect(Number.isInteger(body.value_cents)).toBe(true);
  });

  it("by Pix key: sends the key fields and none of the bank fields", () => {
    const { body } = toRequestBody(
      form({ pix_key_type: "phone", pix_key: "(11) 91234-5678", receiver_bank_ispb: "60701190", receiver_agency: "1" }),
    );
    expect(body).toMatchObject({ initiation_type: "dict", pix_key_type: "phone", pix_key: "(11) 91234-5678" });
    expect(body).not.toHaveProperty("receiver_bank_ispb");
    expect(body).not.toHaveProperty("receiver_agency");
    expect(body).not.toHaveProperty("receiver_account");
    expect(body).not.toHaveProperty("receiver_account_type");
  });

  it("by bank account: sends the bank fields, digits only, and none of the key fields", () => {
    const { body } = toRequestBody(
      form({
        initiation_type: "manual",
        pix_key_type: "email",
        pix_key: "a@b.co",
        receiver_bank_ispb: "60701190",
        receiver_agency: " 0001 ",
        receiver_account: "12345-6",
        receiver_account_type: "CACC",
      }),
    );
    expect(body).toMatchObject({
      initiation_type: "manual",
      receiver_bank_ispb: "60701190",
      receiver_agency: "0001",
      receiver_account: "123456",
      receiver_account_type: "CACC",
    });
    expect(body).not.toHaveProperty("pix_key");
    expect(body).not.toHaveProperty("pix_key_type");
  });

  it("leaves unanswered choices out (so the schema asks for them in words)", () => {
    const { body } = toRequestBody(form({ initiation_type: "manual" }));
    expect(body.receiver_account_type).toBeUndefined();
    expect(body.receiver_bank_ispb).toBeUndefined();
    expect(toRequestBody(form()).body.pix_key_type).toBeUndefined();
  });

  it("carries the form's idempotent_id unchanged, and no authorization choice (the approvals authorize)", () => {
    const { body } = toRequestBody(form({ idempotent_id: "partner-42" }));
    expect(body).not.toHaveProperty("authorized");
    expect(body.idempotent_id).toBe("partner-42");
  });

  it("reports an unreadable amount beside a body that can still be checked", () => {
    const { body, amount } = toRequestBody(form({ amount: "1,2,3" }));
    expect(amount.problem).toBe("format");
    expect(body.value_cents).toBe(0);
  });
});

describe("compactDigits", () => {
  it("drops the spaces, dots and dashes people type in bank numbers", () => {
    expect(compactDigits(" 12.345-6 ")).toBe("123456");
  });
});
