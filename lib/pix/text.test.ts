import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { neutralizeText, searchKey, stripAccents, isPlainText, plainTextProblem } from "./text";

describe("neutralizeText", () => {
  it("shows a name with a right-to-left override in the order it was typed", () => {
    expect(neutralizeText("Maria \u202Eexe.txt Silva")).toBe("Maria exe.txt Silva");
    expect(neutralizeText("\u2067evil\u2069 \u200Fname\u200E")).toBe("evil name");
    expect(neutralizeText("a\u202A\u202B\u202C\u202D\u202E\u2066\u2068\u061Cb")).toBe("ab");
  });

  it("removes control characters, turns line breaks and tabs into one space, repairs half characters", () => {
    expect(neutralizeText("José\u0000 da\u001B[31m Silva\u007F\u0085")).toBe("José da[31m Silva ");
    expect(neutralizeText("line one\r\nline\ttwo")).toBe("line one line two");
    expect(neutralizeText("a\uD800b\uDFFFc")).toBe("a\uFFFDb\uFFFDc");
  });

  it("keeps real text: accents, other scripts, emoji (surrogate pairs), zero-width joiners", () => {
    for (const text of ["Conceição Araújo", "محمد علي", "שלום", "李小龙", "Ana 👩‍💼 💸", "Itaú Unibanco S.A."]) {
      expect(neutralizeText(text)).toBe(text);
    }
  });

  it("is idempotent and leaves nothing that reorders or controls text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), (s) => {
        const once = neutralizeText(s);
        expect(neutralizeText(once)).toBe(once);
        expect(once).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u0000-\u001F\u007F-\u009F]/);
        expect(once).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("neutralizeText, every UTF-16 code unit (its quick path must skip nothing)", () => {
  it("removes or replaces each one the rules name, and keeps every other one as it is", () => {
    const removed = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F]/;
    const spaced = /[\t\n\v\f\r\u0085\u2028\u2029]/;
    for (let code = 0; code <= 0xffff; code++) {
      const c = String.fromCharCode(code);
      const expected = removed.test(c) ? "ab" : spaced.test(c) ? "a b" : code >= 0xd800 && code <= 0xdfff ? "a\uFFFDb" : `a${c}b`;
      if (neutralizeText(`a${c}b`) !== expected) expect({ code: code.toString(16), got: neutralizeText(`a${c}b`) }).toEqual({ code: code.toString(16), got: expected });
    }
  });
});

describe("searchKey", () => {
  it("matches what people type", () => {
    expect(stripAccents("São Paulo")).toBe("Sao Paulo");
    expect(searchKey("  Itaú   Unibanco ")).toBe("itau unibanco");
  });
});

describe("provider text where it enters (the contract schemas)", () => {
  it("a payment's receiver name and cancellation reason, a QR code's payer name: neutralised, then trimmed", async () => {
    const { paymentDetailSchema } = await import("@/lib/contract/payment");
    const { qrcodeSchema } = await import("@/lib/contract/qrcode");
    const payment = paymentDetailSchema.parse({
      reference_code: "REF1",
      idempotent_id: "idem-1",
      value_cents: 100,
      pix_key_type: "email",
      receiver_name: " Maria \u202Eexe.txt Silva\u200F ",
      receiver_document: "12345678909",
      status: "canceled",
      pix_key: "a@b.example",
      registration_date: "2026-11-21T09:15:02.123-03:00",
      cancellation_reason: "Pedido\u0000 do\r\ncliente",
      receiver_bank_name: "Banco \u2066X\u2069",
    });
    expect(payment.receiver_name).toBe("Maria exe.txt Silva");
    expect(payment.cancellation_reason).toBe("Pedido do cliente");
    expect(payment.receiver_bank_name).toBe("Banco X");
    const qrcode = qrcodeSchema.parse({
      reference_code: "REF2",
      value_cents: 100,
      content: "000201",
      status: "paid",
      payer_name: "Jo\u202Eão",
      registration_date: "2026-11-21T09:15:02.123-03:00",
    });
    expect(qrcode.payer_name).toBe("João");
  });
});

describe("plainTextProblem: what a name, description or nickname may not hold", () => {
  it.each([
    ["Bidi \u202Egnp.exe\u202C Ltda", "direction_control"],
    ["Ana \u2066Silva\u2069", "direction_control"],
    ["Ana\u200FSilva", "direction_control"],
    ["Maria\nSilva", "line_break"],
    ["Maria\r\nSilva", "line_break"],
    ["Maria\tSilva", "line_break"],
    ["Maria\u2028Silva", "line_break"],
    ["Maria\u0000Silva", "line_break"],
  ])("%j is refused: %s", (text, problem) => {
    expect(plainTextProblem(text)).toBe(problem);
    expect(isPlainText(text)).toBe(false);
  });
  it.each(["Padaria São João Ltda", "Müller & Filhos", "株式会社", "Café ☕", "Ana-Maria O'Neil"])("%j is plain text", (text) => {
    expect(plainTextProblem(text)).toBeNull();
  });
});
