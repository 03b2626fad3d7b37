import { expect, it } from "vitest";
import { ispbFromText } from "./bank-combobox";

it("reads a picked participant's label as its ISPB", () => {
  expect(ispbFromText("Itaú Unibanco (60701190)")).toBe("60701190");
  expect(ispbFromText("Banco do Brasil (00000000)")).toBe("00000000");
});

it("takes digits typed freely as the ISPB (any participant may be named)", () => {
  expect(ispbFromText(" 12.345.678 ")).toBe("12345678");
  expect(ispbFromText("1234")).toBe("1234"); // the schema then says it needs 8 digits
});

it("keeps a name that was typed but not picked, so the form asks to choose", () => {
  expect(ispbFromText("itau")).toBe("itau");
});
