import { describe, expect, it } from "vitest";
import { concealDocument, concealPixKey } from "./conceal";

describe("concealDocument", () => {
  it("hides a person's CPF as Brazilian banks do, punctuated or bare", () => {
    expect(concealDocument("12345678909")).toBe("***.456.789-**");
    expect(concealDocument("123.456.789-09")).toBe("***.456.789-**");
  });
  it("shows a company's CNPJ whole, the alphanumeric one too", () => {
    expect(concealDocument("11222333000181")).toBe("11.222.333/0001-81");
    expect(concealDocument("12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
  });
  it("hides a value of unknown shape but its last 2 characters", () => {
    expect(concealDocument("9876543")).toBe("*****43");
    expect(concealDocument("")).toBe("");
  });
  it("never leaves a CPF's first three or last two digits", () => {
    for (const cpf of ["39053344705", "71428793860", "86288366757"]) {
      const shown = concealDocument(cpf);
      expect(shown.replace(/\D/g, "")).toBe(cpf.slice(3, 9));
    }
  });
});

describe("concealPixKey", () => {
  it.each([
    ["cpf", "39053344705", "***.533.447-**"],
    ["cnpj", "45723174000110", "45.723.174/0001-10"],
    ["email", "maria.santos@gmail.com", "ma***@gmail.com"],
    ["email", "jo@x.com.br", "j***@x.com.br"],
    ["phone", "+5511987654321", "+55 ** *****-4321"],
    ["phone", "+551133334444", "+55 ** ****-4444"],
    ["phone", "+14155550123", "+*******0123"],
    ["token", "9f2c1e4a-7b3d-4e8f-a1c2-5d6e7f809a1b", "9f2c1e4a-****-****-****-********9a1b"],
    ["token", "not-a-uuid", "***-*-uuid"],
  ] as const)("%s %s -> %s", (type, key, shown) => {
    expect(concealPixKey(type, key)).toBe(shown);
  });
});
