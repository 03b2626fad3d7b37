import { describe, expect, it } from "vitest";
import type { BrCodeAnswer } from "@/lib/brcode/answer";
import { brCodeFill } from "./brcode-fill";
import { DESCRIPTION_MAX } from "@/lib/transfers/input";
import { validateRegisterForm } from "./validate";
import { emptyRegisterForm } from "./form-values";

const code = (over: Partial<BrCodeAnswer> = {}): BrCodeAnswer => ({
  dynamic: false, crc_ok: true, pix_key_type: "cpf", pix_key: "12345678909", value_cents: 150_000,
  receiver_name: "JOÃO DA SILVA", city: "SÃO PAULO", txid: "NF2026123", payable: true, refusal: null, ...over,
});

describe("brCodeFill", () => {
  it("fills a key transfer as a person would type it, the CPF key being the receiver's document", () => {
    expect(brCodeFill(code(), { description: "" })).toEqual({
      initiation_type: "dict", pix_key_type: "cpf", pix_key: "123.456.789-09", amount: "1.500,00",
      receiver_name: "JOÃO DA SILVA", receiver_document: "123.456.789-09", description: "Pix Copia e Cola txid NF2026123",
    });
  });

  it("makes a form that validates into the create body with the key, the amount and the txid", () => {
    const values = { ...emptyRegisterForm("pix-copia-1"), ...brCodeFill(code(), { description: "" }) };
    const result = validateRegisterForm(values);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.transfer).toMatchObject({ initiation_type: "dict", pix_key_type: "cpf", pix_key: "12345678909", value_cents: 150_000, receiver_document: "12345678909" });
      expect(result.payable).toMatchObject({ description: "Pix Copia e Cola txid NF2026123" });
    }
  });

  it("keeps what was typed in the description and adds the txid once, within the limit", () => {
    expect(brCodeFill(code(), { description: "Aluguel" })?.description).toBe("Aluguel · Pix Copia e Cola txid NF2026123");
    expect(brCodeFill(code(), { description: "Aluguel · Pix Copia e Cola txid NF2026123" })?.description).toBeUndefined();
    const long = brCodeFill(code(), { description: "x".repeat(DESCRIPTION_MAX) })?.description ?? "";
    expect(long.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(long.endsWith("txid NF2026123")).toBe(true);
  });

  it("leaves the amount and document alone when the code has no amount and the key is no document", () => {
    const fill = brCodeFill(code({ pix_key_type: "email", pix_key: "joao@example.com", value_cents: null, txid: null }), { description: "" });
    expect(fill).toEqual({ initiation_type: "dict", pix_key_type: "email", pix_key: "joao@example.com", receiver_name: "JOÃO DA SILVA" });
  });

  it("fills nothing from a code that cannot be paid", () => {
    expect(brCodeFill(code({ dynamic: true, pix_key_type: null, pix_key: null, payable: false, refusal: "dynamic" }), { description: "" })).toBeNull();
    expect(brCodeFill(code({ crc_ok: false, payable: false, refusal: "crc" }), { description: "" })).toBeNull();
  });
});
