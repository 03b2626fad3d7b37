import { describe, expect, it } from "vitest";
import { detectPixKeyType, normalizePixKey, pixKeyError } from "./pix-key";
import { formatPhone, normalizePhone } from "./phone";
import { translator } from "@/lib/i18n/server";

/** The rule's message key, read in English (the keys are the messages' one source). */
const en = translator("en");
function explained(type: Parameters<typeof pixKeyError>[0], input: string): string | null {
  const key = pixKeyError(type, input);
  return key === null ? null : en(key as Parameters<typeof en>[0]);
}

describe("phone keys", () => {
  it.each([
    ["(11) 91234-5678", "+5511912345678"],
    ["11912345678", "+5511912345678"],
    ["+55 11 91234 5678", "+5511912345678"],
    ["+55 (11) 91234-5678", "+5511912345678"],
    ["+5511912345678", "+5511912345678"],
    ["5511912345678", "+5511912345678"],
    ["011 91234-5678", "+5511912345678"],
    ["  21 98765.4321  ", "+5521987654321"],
    ["(11) 3123-4567", "+551131234567"],
    ["+1 415 555 2671", "+14155552671"],
    ["+44 20 7946 0958", "+442079460958"],
  ])("accepts %j and normalises to %s", (input, normalized) => {
    expect(pixKeyError("phone", input)).toBeNull();
    expect(normalizePixKey("phone", input)).toBe(normalized);
  });

  it.each([
    ["", /area code/],
    ["12345", /area code/],
    ["abc", /area code/],
    ["+55 11 81234-5678", /starts with 9/],
    ["+55 11 9123-4567", /9 digits after the area code/],
    ["+55 11 1123-4567", /landline/],
    ["+55 01 91234-5678", /area code has 2 digits/],
    ["+55 10 91234-5678", /area code has 2 digits/],
    ["+55 11 91234-56789", /8 or 9 digits/],
    ["+55 11 1234", /8 or 9 digits/],
    ["+0 123456", /area code/],
    ["+1234567890123456", /area code/],
    ["+55 11 9abc4-5678", /area code/],
    ["91234-5678", /area code/],
  ])("rejects %j", (input, message) => {
    expect(explained("phone", input)).toMatch(message);
  });

  it("normalisePhone returns null for unreadable input", () => {
    expect(normalizePhone("12345")).toBeNull();
    expect(normalizePhone("+55 11 9x")).toBeNull();
    expect(normalizePhone("4411912345678")).toBeNull();
  });

  it("formats Brazilian numbers for display", () => {
    expect(formatPhone("+5511912345678")).toBe("+55 11 91234-5678");
    expect(formatPhone("+551131234567")).toBe("+55 11 3123-4567");
    expect(formatPhone("+14155552671")).toBe("+14155552671");
  });
});

describe("email keys", () => {
  it.each([
    ["fulano@example.com", "fulano@example.com"],
    ["  Fulano.De.Tal@Example.COM.br ", "fulano.de.tal@example.com.br"],
    ["a+tag@sub.domain.io", "a+tag@sub.domain.io"],
    ["x_y-z@my-host.xn--p1ai", "x_y-z@my-host.xn--p1ai"],
  ])("accepts %j and normalises to %s", (input, normalized) => {
    expect(pixKeyError("email", input)).toBeNull();
    expect(normalizePixKey("email", input)).toBe(normalized);
  });

  it.each([
    "",
    "plainaddress",
    "@example.com",
    "name@",
    "name@example",
    "name@@example.com",
    "na me@example.com",
    ".name@example.com",
    "name.@example.com",
    "na..me@example.com",
    "name@-example.com",
    "name@example-.com",
    "name@example.c",
    "name@example.123",
    "name@exa_mple.com",
  ])("rejects %j", (input) => {
    expect(explained("email", input)).toMatch(/email/);
  });

  it("limits the key to 77 characters", () => {
    const at77 = `${"a".repeat(65)}@example.com`;
    expect(at77).toHaveLength(77);
    expect(pixKeyError("email", at77)).toBeNull();
    expect(explained("email", `a${at77}`)).toMatch(/at most 77/);
    // trailing spaces do not count
    expect(pixKeyError("email", `${at77}   `)).toBeNull();
  });
});

describe("CPF keys", () => {
  it.each([
    ["529.982.247-25", "52998224725"],
    ["52998224725", "52998224725"],
    [" 529 982 247 25 ", "52998224725"],
  ])("accepts %j and normalises to %s", (input, normalized) => {
    expect(pixKeyError("cpf", input)).toBeNull();
    expect(normalizePixKey("cpf", input)).toBe(normalized);
  });

  it.each([
    ["529.982.247-24", /not valid/],
    ["111.111.111-11", /not valid/],
    ["5299822472", /11 digits/],
    ["529/982/247-25", /11 digits/],
    ["5299822472a", /11 digits/],
    ["", /Enter the CPF/],
  ])("rejects %j", (input, message) => {
    expect(explained("cpf", input)).toMatch(message);
  });
});

describe("CNPJ keys", () => {
  it.each([
    ["11.222.333/0001-81", "11222333000181"],
    ["12.ABC.345/01DE-35", "12ABC34501DE35"],
    ["12abc34501de35", "12ABC34501DE35"],
  ])("accepts %j and normalises to %s", (input, normalized) => {
    expect(pixKeyError("cnpj", input)).toBeNull();
    expect(normalizePixKey("cnpj", input)).toBe(normalized);
  });

  it.each([
    ["11.222.333/0001-80", /not valid/],
    ["00.000.000/0000-00", /not valid/],
    ["12ABC34501DEAB", /14 characters/],
    ["1122233300018", /14 characters/],
    ["11_222_333_0001_81", /14 characters/],
    ["", /Enter the CNPJ/],
  ])("rejects %j", (input, message) => {
    expect(explained("cnpj", input)).toMatch(message);
  });
});

describe("random keys (EVP)", () => {
  it.each([
    ["123e4567-e12b-12d1-a456-426655440000", "123e4567-e12b-12d1-a456-426655440000"],
    ["123E4567-E12B-12D1-A456-426655440000 ", "123e4567-e12b-12d1-a456-426655440000"],
  ])("accepts %j and normalises to %s", (input, normalized) => {
    expect(pixKeyError("token", input)).toBeNull();
    expect(normalizePixKey("token", input)).toBe(normalized);
  });

  it.each([
    "",
    "123e4567e12b12d1a456426655440000",
    "123e4567-e12b-12d1-a456-42665544000",
    "123e4567-e12b-12d1-a456-4266554400000",
    "g23e4567-e12b-12d1-a456-426655440000",
    "{123e4567-e12b-12d1-a456-426655440000}",
  ])("rejects %j", (input) => {
    expect(explained("token", input)).toMatch(/random key/);
  });
});

describe("detectPixKeyType", () => {
  it.each([
    ["+55 11 91234-5678", "phone"],
    ["(11) 91234-5678", "phone"],
    ["11912345678", "phone"], // not a valid CPF
    ["fulano@example.com", "email"],
    ["123E4567-E12B-12D1-A456-426655440000", "token"],
    ["529.982.247-25", "cpf"],
    ["52998224725", "cpf"], // valid CPF wins over the phone reading
    ["11.222.333/0001-81", "cnpj"],
    ["12ABC34501DE35", "cnpj"],
    ["", null],
    ["hello", null],
    ["fulano@", null],
    ["+55 11 81234-5678", null],
  ] as const)("%j -> %s", (input, type) => {
    expect(detectPixKeyType(input)).toBe(type);
  });
});

describe("normalizePixKey on invalid input", () => {
  it("returns the trimmed text so the error can still be shown", () => {
    expect(normalizePixKey("phone", "  abc  ")).toBe("abc");
    expect(normalizePixKey("token", " NOT-A-UUID ")).toBe("not-a-uuid");
  });
});
