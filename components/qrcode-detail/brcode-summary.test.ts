import { describe, expect, it } from "vitest";
import { summarizeBrCode } from "./brcode-summary";

// Real-shaped codes: the Banco Central static example and a dynamic (URL) code, both with
// correct CRCs (the same vectors lib/pix checks against an independent CRC implementation).
const STATIC =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";
const DYNAMIC =
  "00020101021226810014br.gov.bcb.pix2559qr.example.com/v2/cobv/9d36b84f-c70b-478f-b95c-12729b90ca2552040000530398654042.995802BR5915LOJA DOS BALOES6006MANAUS62070503***6304F7C0";

const row = (s: ReturnType<typeof summarizeBrCode>, label: string) => s.rows.find((r) => r.label === label)?.value;

describe("summarizeBrCode", () => {
  it("reads a static code with a correct CRC and nothing to warn about", () => {
    const s = summarizeBrCode(STATIC);
    expect(s.severity).toBe("ok");
    expect(s.crc).toEqual({ state: "valid", text: "Checksum 1D3D is correct" });
    expect(row(s, "Kind")).toMatch(/^Static/);
    expect(row(s, "Pix key")).toBe("123e4567-e12b-12d1-a456-426655440000");
    expect(row(s, "Merchant name")).toBe("Fulano de Tal");
    expect(row(s, "Merchant city")).toBe("BRASILIA");
    expect(row(s, "Amount")).toMatch(/payer types it/);
    expect(s.rows.find((r) => r.label === "txid")?.note).toMatch(/no transaction id/);
    expect(s.warnings).toEqual([]);
  });

  it("reads a dynamic code: URL and amount", () => {
    const s = summarizeBrCode(DYNAMIC, 299);
    expect(s.severity).toBe("ok");
    expect(row(s, "Kind")).toMatch(/^Dynamic/);
    expect(row(s, "Payload URL")).toBe("qr.example.com/v2/cobv/9d36b84f-c70b-478f-b95c-12729b90ca25");
    expect(row(s, "Amount")).toMatch(/2,99/);
  });

  it("flags a wrong CRC as an error, saying both values, and still shows the fields", () => {
    const s = summarizeBrCode(STATIC.replace(/1D3D$/, "ABCD"));
    expect(s.severity).toBe("error");
    expect(s.crc.state).toBe("invalid");
    expect(s.crc.text).toContain("ABCD");
    expect(s.crc.text).toContain("1D3D");
    expect(row(s, "Merchant name")).toBe("Fulano de Tal");
  });

  it("flags a truncated code (a length longer than what remains)", () => {
    const s = summarizeBrCode(STATIC.slice(0, 60));
    expect(s.severity).toBe("error");
    expect(s.crc.state).toBe("missing");
    expect(s.warnings.join(" ")).toMatch(/cut off/);
  });

  it("warns when the code's amount differs from the record's value", () => {
    const s = summarizeBrCode(DYNAMIC, 1000);
    expect(s.severity).toBe("warning");
    expect(s.warnings.at(-1)).toMatch(/differs from the record/);
  });

  it("does not crash on text that is not a BR Code", () => {
    const s = summarizeBrCode("hello world");
    expect(s.severity).toBe("error");
    expect(row(s, "Kind")).toMatch(/^Unknown/);
  });
});
