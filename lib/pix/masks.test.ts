import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidCnpj } from "./cnpj";
import { formatDocument, stripDocument } from "./document";
import { maskAmount, maskCnpj, maskCpf, maskDocument, maskPhone, remapCaret } from "./masks";
import { formatBRLNumber, parseBRL } from "./money";
import { normalizePhone } from "./phone";

/** Each prefix of `text`, masked: what the field shows key by key. */
const asTyped = (mask: (s: string) => string, text: string) => [...text].map((_, i) => mask(text.slice(0, i + 1)));

describe("CPF and CNPJ masks", () => {
  it("shape a CPF as it is typed", () => {
    expect(asTyped(maskCpf, "12345678909")).toEqual([
      "1", "12", "123", "123.4", "123.45", "123.456", "123.456.7", "123.456.78", "123.456.789", "123.456.789-0", "123.456.789-09",
    ]);
    expect(maskCpf("123.456.789-0912")).toBe("123.456.789-09");
  });

  it("shape a numeric and an alphanumeric CNPJ, upper-casing letters and refusing letters as check digits", () => {
    expect(maskCnpj("11222333000181")).toBe("11.222.333/0001-81");
    expect(maskCnpj("12abc34501de35")).toBe("12.ABC.345/01DE-35");
    expect(isValidCnpj(stripDocument(maskCnpj("12abc34501de35")))).toBe(true);
    expect(maskCnpj("12ABC34501DEX5")).toBe("12.ABC.345/01DE-5");
  });

  it("switch from CPF to CNPJ at the 12th character or at a letter", () => {
    expect(maskDocument("12345678909")).toBe("123.456.789-09");
    expect(maskDocument("112223330001")).toBe("11.222.333/0001");
    expect(maskDocument("12A")).toBe("12.A");
    expect(maskDocument("11.222.333/0001-81")).toBe("11.222.333/0001-81");
  });

  it("agree with formatDocument on every complete document", () => {
    const cpf = fc.stringMatching(/^\d{11}$/);
    const cnpj = fc.stringMatching(/^[0-9A-Z]{12}\d{2}$/);
    fc.assert(
      fc.property(fc.oneof(cpf, cnpj), (doc) => {
        expect(maskDocument(doc)).toBe(formatDocument(doc));
        expect(maskDocument(formatDocument(doc))).toBe(formatDocument(doc));
      }),
    );
  });
});

describe("phone mask", () => {
  it("shapes national mobiles and landlines", () => {
    expect(maskPhone("11912345678")).toBe("(11) 91234-5678");
    expect(maskPhone("1131234567")).toBe("(11) 3123-4567");
    expect(asTyped(maskPhone, "119123")).toEqual(["(1", "(11", "(11) 9", "(11) 91", "(11) 912", "(11) 9123"]);
  });

  it("keeps the international form when it starts with +", () => {
    expect(maskPhone("+5511912345678")).toBe("+55 11 91234-5678");
    expect(maskPhone("+55")).toBe("+55");
    expect(maskPhone("+14155552671")).toBe("+1415 5552 671");
  });

  it("always gives text that normalizePhone reads as the same number", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]{2}9\d{8}$/), (national) => {
        expect(normalizePhone(maskPhone(national))).toBe(`+55${national}`);
        expect(normalizePhone(maskPhone(`+55${national}`))).toBe(`+55${national}`);
      }),
    );
  });
});

describe("amount mask", () => {
  it("keeps digits, dots and one comma with at most two decimals", () => {
    expect(maskAmount("R$ 1.234,56")).toBe("1.234,56");
    expect(maskAmount("1234,567")).toBe("1234,56");
    expect(maskAmount("12,3,4")).toBe("12,34");
    expect(maskAmount("1234.56")).toBe("1234.56");
    expect(maskAmount("abc")).toBe("");
  });

  it("never changes what parseBRL reads from a well-formed amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (cents) => {
        const shown = formatBRLNumber(cents);
        expect(maskAmount(shown)).toBe(shown);
        expect(parseBRL(maskAmount(`R$ ${shown}`))).toEqual({ ok: true, cents });
      }),
    );
  });
});

describe("caret after masking", () => {
  it("stays behind the same typed character", () => {
    // "123.4" + typed "5" at the end -> "123.45": caret at the end.
    expect(remapCaret("123.45", 6, maskCpf("123.45"))).toBe(6);
    // Typed "1234" (caret 4) -> "123.4": the caret goes after the 4, past the added dot.
    expect(remapCaret("1234", 4, maskCpf("1234"))).toBe(5);
    // A digit typed in the middle: "123.456" with "9" inserted after "12".
    const typed = "1293.456";
    expect(remapCaret(typed, 3, maskCpf(typed))).toBe(3);
    expect(remapCaret("", 0, "")).toBe(0);
  });
});
