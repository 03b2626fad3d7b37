import { describe, expect, it } from "vitest";
import { summarizeBrCode, type BrCodeRowKey } from "./brcode-summary";

// Real-shaped codes: the Banco Central static example and a dynamic (URL) code, both with
// correct CRCs (the same vectors lib/pix checks against an independent CRC implementation).
const STATIC =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";
const DYNAMIC =
  "00020101021226810014br.gov.bcb.pix2559qr.example.com/v2/cobv/9d36b84f-c70b-478f-b95c-12729b90ca2552040000530398654042.995802BR5915LOJA DOS BALOES6006MANAUS62070503***6304F7C0";

const row = (s: ReturnType<typeof summarizeBrCode>, key: BrCodeRowKey) => s.rows.find((r) => r.key === key);
const value = (s: ReturnType<typeof summarizeBrCode>, key: BrCodeRowKey) => row(s, key)?.value;

describe("summarizeBrCode", () => {
  it("reads a static code with a correct CRC and nothing to warn about", () => {
    const s = summarizeBrCode(STATIC);
    expect(s.severity).toBe("ok");
    expect(s.crc).toEqual({ state: "valid", actual: "1D3D", expected: "1D3D" });
    expect(row(s, "kind")?.words).toBe("static");
    expect(value(s, "pixKey")).toBe("123e4567-e12b-12d1-a456-426655440000");
    expect(value(s, "merchantName")).toBe("Fulano de Tal");
    expect(value(s, "merchantCity")).toBe("BRASILIA");
    expect(row(s, "amount")).toMatchObject({ value: null, words: "amountTyped" });
    expect(row(s, "txid")?.note).toBe("noTxid");
    expect(s.warnings).toEqual([]);
  });

  it("reads a dynamic code: URL and amount", () => {
    const s = summarizeBrCode(DYNAMIC, 299);
    expect(s.severity).toBe("ok");
    expect(row(s, "kind")?.words).toBe("dynamic");
    expect(value(s, "payloadUrl")).toBe("qr.example.com/v2/cobv/9d36b84f-c70b-478f-b95c-12729b90ca25");
    expect(value(s, "amount")).toMatch(/2,99/);
  });

  it("flags a wrong CRC as an error, saying both values, and still shows the fields", () => {
    const s = summarizeBrCode(STATIC.replace(/1D3D$/, "ABCD"));
    expect(s.severity).toBe("error");
    expect(s.crc.state).toBe("invalid");
    expect(s.crc).toMatchObject({ actual: "ABCD", expected: "1D3D" });
    expect(value(s, "merchantName")).toBe("Fulano de Tal");
  });

  it("flags a truncated code (a length longer than what remains)", () => {
    const s = summarizeBrCode(STATIC.slice(0, 60));
    expect(s.severity).toBe("error");
    expect(s.crc.state).toBe("missing");
    expect(s.warnings.map((w) => ("text" in w ? w.text : w.key)).join(" ")).toMatch(/cut off/);
  });

  it("warns when the code's amount differs from the record's value", () => {
    const s = summarizeBrCode(DYNAMIC, 1000);
    expect(s.severity).toBe("warning");
    expect(s.warnings.at(-1)).toEqual({ key: "amountDiffers", code: "R$\u00a02,99", record: "R$\u00a010,00" });
  });

  it("does not crash on text that is not a BR Code", () => {
    const s = summarizeBrCode("hello world");
    expect(s.severity).toBe("error");
    expect(row(s, "kind")?.words).toBe("unknown");
  });
});
