import { describe, expect, it } from "vitest";
import { decodeBrCode } from "./brcode";
import { crc16Ccitt as d16 } from "./crc16";
import { seededRandom } from "./seeded-random";

// Vectors below were built and their CRCs computed with Python's binascii.crc_hqx
// (CRC-CCITT, init 0xFFFF), independently of this implementation.
const BCB_STATIC =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";
const DYNAMIC =
  "00020101021226810014br.gov.bcb.pix2559qr.example.com/v2/cobv/9d36b84f-c70b-478f-b95c-12729b90ca2552040000530398654042.995802BR5915LOJA DOS BALOES6006MANAUS62070503***6304F7C0";
const UPPER_GUI =
  "00020126360014BR.GOV.BCB.PIX0114+55119123456785204000053039865802BR5913Fulano de Tal6009SAO PAULO62070503***63048F16";
const WITH_AMOUNT =
  "00020126530014br.gov.bcb.pix0118fulano@example.com0209Pedido 42520400005303986540566.665802BR5913Fulano de Tal6014RIO DE JANEIRO62120508PEDIDO4263045D68";
const ALL_WRONG =
  "00020126330014br.gov.bcb.pix01115299822472552040000530384054041,505802US5930AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA6020BBBBBBBBBBBBBBBBBBBB62340530TTTTTTTTTTTTTTTTTTTTTTTTTTTTTT63044971";

describe("decodeBrCode: valid codes", () => {
  it("reads the Banco Central static example", () => {
    const d = decodeBrCode(BCB_STATIC);
    expect(d.ok).toBe(true);
    expect(d.warnings).toEqual([]);
    expect(d.kind).toBe("static");
    expect(d.payloadFormat).toBe("01");
    expect(d.key).toBe("123e4567-e12b-12d1-a456-426655440000");
    expect(d.url).toBeUndefined();
    expect(d.merchantName).toBe("Fulano de Tal");
    expect(d.merchantCity).toBe("BRASILIA");
    expect(d.currency).toBe("986");
    expect(d.country).toBe("BR");
    expect(d.txid).toBe("***");
    expect(d.amountCents).toBeUndefined();
    expect(d.crc).toEqual({ present: true, expected: "1D3D", actual: "1D3D", valid: true });
  });

  it("lists fields in order with nested children", () => {
    const d = decodeBrCode(BCB_STATIC);
    expect(d.fields.map((f) => f.id)).toEqual(["00", "26", "52", "53", "58", "59", "60", "62", "63"]);
    const account = d.fields[1];
    expect(account?.length).toBe(58);
    expect(account?.children).toEqual([
      { id: "00", length: 14, value: "br.gov.bcb.pix" },
      { id: "01", length: 36, value: "123e4567-e12b-12d1-a456-426655440000" },
    ]);
    expect(d.fields[7]?.children).toEqual([{ id: "05", length: 3, value: "***" }]);
    expect(d.fields[0]?.children).toBeUndefined();
  });

  it("reads a dynamic code with a URL (tag 25) and an amount", () => {
    const d = decodeBrCode(DYNAMIC);
    expect(d.ok).toBe(true);
    expect(d.warnings).toEqual([]);
    expect(d.kind).toBe("dynamic");
    expect(d.url).toBe("qr.example.com/v2/cobv/9d36b84f-c70b-478f-b95c-12729b90ca25");
    expect(d.key).toBeUndefined();
    expect(d.amountCents).toBe(299);
    expect(d.merchantName).toBe("LOJA DOS BALOES");
  });

  it("accepts the GUI in upper case", () => {
    const d = decodeBrCode(UPPER_GUI);
    expect(d.ok).toBe(true);
    expect(d.warnings).toEqual([]);
    expect(d.key).toBe("+5511912345678");
  });

  it("reads amount 66.66 as 6666 cents, the message and the txid", () => {
    const d = decodeBrCode(WITH_AMOUNT);
    expect(d.ok).toBe(true);
    expect(d.amountCents).toBe(6666);
    expect(d.message).toBe("Pedido 42");
    expect(d.txid).toBe("PEDIDO42");
    expect(d.merchantCity).toBe("RIO DE JANEIRO");
  });

  it("ignores surrounding whitespace and line breaks from copy and paste", () => {
    expect(decodeBrCode(`  ${BCB_STATIC}\n`).ok).toBe(true);
  });

  it("accepts a lower-case CRC with a warning", () => {
    const d = decodeBrCode(BCB_STATIC.replace(/1D3D$/, "1d3d"));
    expect(d.crc.valid).toBe(true);
    expect(d.warnings).toEqual([expect.stringMatching(/lower case/)]);
  });
});

describe("decodeBrCode: damaged codes", () => {
  it("flags a wrong CRC but still reads the fields", () => {
    const d = decodeBrCode(BCB_STATIC.replace(/1D3D$/, "1D3E"));
    expect(d.ok).toBe(false);
    expect(d.crc).toEqual({ present: true, expected: "1D3D", actual: "1D3E", valid: false });
    expect(d.warnings).toEqual([expect.stringMatching(/checksum.*"1D3E".*"1D3D"/)]);
    expect(d.key).toBe("123e4567-e12b-12d1-a456-426655440000");
  });

  it("flags a changed character through the CRC", () => {
    const d = decodeBrCode(BCB_STATIC.replace("Fulano", "Fulana"));
    expect(d.crc.valid).toBe(false);
    expect(d.merchantName).toBe("Fulana de Tal");
  });

  it("warns instead of throwing on a truncated code", () => {
    const cut = BCB_STATIC.slice(0, 60);
    const d = decodeBrCode(cut);
    expect(d.ok).toBe(false);
    expect(d.warnings.some((w) => /cut off/.test(w))).toBe(true);
    expect(d.crc.present).toBe(false);
    expect(d.warnings.some((w) => /checksum .*missing/.test(w))).toBe(true);
  });

  it("reports a cut-off CRC", () => {
    const d = decodeBrCode(BCB_STATIC.slice(0, -2));
    expect(d.crc).toMatchObject({ present: true, actual: "1D", valid: false });
    expect(d.warnings.some((w) => /field 63 declares 4 characters but only 2 remain/i.test(w))).toBe(true);
  });

  it("reports unreadable text and text after the CRC", () => {
    const d = decodeBrCode(`${BCB_STATIC}XYZ`);
    expect(d.ok).toBe(false);
    expect(d.warnings.some((w) => /leftover/.test(w))).toBe(true);
    const e = decodeBrCode(`${BCB_STATIC}0000`);
    expect(e.warnings).toContain("There is text after the checksum (field 63)");
  });

  it("explains every out-of-spec field", () => {
    const d = decodeBrCode(ALL_WRONG);
    expect(d.crc.valid).toBe(true);
    expect(d.ok).toBe(false); // wrong currency and unreadable amount make it unusable
    expect(d.key).toBe("52998224725");
    expect(d.amountCents).toBeUndefined();
    const text = d.warnings.join("\n");
    expect(text).toMatch(/amount "1,50" is not a number/);
    expect(text).toMatch(/currency is "840", not 986/);
    expect(text).toMatch(/country is "US"/);
    expect(text).toMatch(/merchant name has 30 characters, more than the 25/);
    expect(text).toMatch(/merchant city has 20 characters, more than the 15/);
    expect(text).toMatch(/transaction id has 30 characters, more than the 25/);
    expect(d.warnings).toHaveLength(6);
  });

  it("stays ok with only soft warnings (long name)", () => {
    const longName =
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5930AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA6008BRASILIA62070503***6304";
    const d = decodeBrCode(longName + d16(longName));
    expect(d.ok).toBe(true);
    expect(d.warnings).toEqual([expect.stringMatching(/merchant name has 30 characters/)]);
  });

  it("says when the code is not a Pix code", () => {
    const notPix = "000201264000140000000000000000000000000000000000000000000";
    const d = decodeBrCode(notPix);
    expect(d.ok).toBe(false);
    expect(d.kind).toBe("unknown");
    expect(d.warnings.join(" ")).toMatch(/not a Pix code/);
    expect(decodeBrCode("000201").warnings.join(" ")).toMatch(/no Pix merchant account/);
  });

  it("handles empty and non-string input", () => {
    expect(decodeBrCode("")).toMatchObject({ ok: false, kind: "unknown", warnings: ["The code is empty"] });
    expect(decodeBrCode(null as unknown as string).ok).toBe(false);
    expect(decodeBrCode(42 as unknown as string).ok).toBe(false);
  });
});

describe("decodeBrCode: fuzz", () => {
  const check = (s: string) => {
    const d = decodeBrCode(s);
    expect(typeof d.ok).toBe("boolean");
    expect(Array.isArray(d.warnings)).toBe(true);
    expect(["static", "dynamic", "unknown"]).toContain(d.kind);
  };

  it("never throws on 2000 random strings", () => {
    const rand = seededRandom(2026);
    const alphabets = ["0123456789", "0123456789ABCDEF.*- ", "\u0000\u00e9\u{1F600}\ud800abc0123456789"];
    for (let i = 0; i < 2000; i++) {
      const alphabet = alphabets[i % alphabets.length] ?? "";
      const chars = [...alphabet];
      let s = "";
      const len = Math.floor(rand() * 300);
      for (let j = 0; j < len; j++) s += chars[Math.floor(rand() * chars.length)];
      expect(() => check(s), JSON.stringify(s)).not.toThrow();
    }
  });

  it("never throws on 2000 mutations of valid codes, and rejects most of them", () => {
    const rand = seededRandom(7);
    const bases = [BCB_STATIC, DYNAMIC, UPPER_GUI, WITH_AMOUNT];
    let accepted = 0;
    for (let i = 0; i < 2000; i++) {
      const base = bases[i % bases.length] ?? "";
      const at = Math.floor(rand() * base.length);
      const op = Math.floor(rand() * 3);
      const c = String.fromCharCode(32 + Math.floor(rand() * 95));
      const s =
        op === 0 ? base.slice(0, at) : op === 1 ? base.slice(0, at) + c + base.slice(at + 1) : base.slice(0, at) + c + base.slice(at);
      expect(() => check(s), JSON.stringify(s)).not.toThrow();
      if (s !== base && decodeBrCode(s).ok) accepted++;
    }
    // CRC16 lets through about 1 in 65536 random changes; a few same-character replacements are equal to the base.
    expect(accepted).toBeLessThan(5);
  });
});
