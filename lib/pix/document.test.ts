import { describe, expect, it } from "vitest";
import { documentKind, formatDocument, isValidDocument, stripDocument } from "./document";

describe("stripDocument", () => {
  it.each([
    ["529.982.247-25", "52998224725"],
    ["12.abc.345/01de-35", "12ABC34501DE35"],
    [" 11 222 333 / 0001 - 81 ", "11222333000181"],
    ["52998224725", "52998224725"],
  ])("%s -> %s", (input, expected) => {
    expect(stripDocument(input)).toBe(expected);
  });
});

describe("isValidDocument", () => {
  it("dispatches on length", () => {
    expect(isValidDocument("52998224725")).toBe(true);
    expect(isValidDocument("12ABC34501DE35")).toBe(true);
    expect(isValidDocument("11222333000181")).toBe(true);
    expect(isValidDocument("52998224724")).toBe(false);
    expect(isValidDocument("11222333000182")).toBe(false);
    expect(isValidDocument("5299822472")).toBe(false);
    expect(isValidDocument("529982247255")).toBe(false);
    expect(isValidDocument("")).toBe(false);
  });

  it("wants bare input", () => {
    expect(isValidDocument("529.982.247-25")).toBe(false);
    expect(isValidDocument(stripDocument("529.982.247-25"))).toBe(true);
  });
});

describe("documentKind", () => {
  it.each([
    ["52998224725", "cpf"],
    ["529.982.247-25", "cpf"],
    ["52998224724", "cpf"], // shape only, not check digits
    ["11222333000181", "cnpj"],
    ["12.ABC.345/01DE-35", "cnpj"],
    ["12abc34501de35", "cnpj"],
    ["1234", null],
    ["5299822472A", null],
    ["12ABC34501DEAB", null],
    ["", null],
  ] as const)("%s -> %s", (input, kind) => {
    expect(documentKind(input)).toBe(kind);
  });
});

describe("formatDocument", () => {
  it.each([
    ["52998224725", "529.982.247-25"],
    ["529.982.247-25", "529.982.247-25"],
    ["11222333000181", "11.222.333/0001-81"],
    ["12ABC34501DE35", "12.ABC.345/01DE-35"],
    ["12abc34501de35", "12.ABC.345/01DE-35"],
  ])("%s -> %s", (input, expected) => {
    expect(formatDocument(input)).toBe(expected);
  });

  it.each(["1234", "", "abc", "123456789012", "5299822472A"])("returns %j unchanged", (input) => {
    expect(formatDocument(input)).toBe(input);
  });
});
