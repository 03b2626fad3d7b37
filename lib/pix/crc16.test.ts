import { describe, expect, it } from "vitest";
import { crc16Ccitt } from "./crc16";

/** Bit-by-bit reference, written independently of the table-driven implementation. */
function crcReference(bytes: number[]): number {
  let crc = 0xffff;
  for (const b of bytes) {
    for (let i = 7; i >= 0; i--) {
      const bit = ((b >> i) & 1) ^ ((crc >> 15) & 1);
      crc = (crc << 1) & 0xffff;
      if (bit) crc ^= 0x1021;
    }
  }
  return crc;
}

describe("crc16Ccitt", () => {
  it("gives the CRC-16/CCITT-FALSE check value for 123456789", () => {
    // Catalogue check value of CRC-16/CCITT-FALSE (a.k.a. CRC-16/IBM-3740).
    expect(crc16Ccitt("123456789")).toBe("29B1");
  });

  it("gives 1D3D for the Banco Central static example", () => {
    const payload =
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304";
    expect(crc16Ccitt(payload)).toBe("1D3D");
  });

  it("is FFFF for empty text and pads to 4 upper-case hex digits", () => {
    expect(crc16Ccitt("")).toBe("FFFF");
    for (const s of ["a", "A", "0", "pix", "6304"]) expect(crc16Ccitt(s)).toMatch(/^[0-9A-F]{4}$/);
  });

  it("agrees with a bit-by-bit reference on many strings", () => {
    const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz .*-/@";
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    for (let n = 0; n < 300; n++) {
      let s = "";
      const len = next() % 120;
      for (let i = 0; i < len; i++) s += alphabet[next() % alphabet.length];
      const expected = crcReference([...s].map((c) => c.charCodeAt(0)));
      expect(crc16Ccitt(s), s).toBe(expected.toString(16).toUpperCase().padStart(4, "0"));
    }
  });

  it("hashes non-ASCII text as UTF-8 bytes", () => {
    expect(crc16Ccitt("São")).toBe(
      crcReference([0x53, 0xc3, 0xa3, 0x6f]).toString(16).toUpperCase().padStart(4, "0"),
    );
  });

  it("changes when one character changes", () => {
    expect(crc16Ccitt("00020126")).not.toBe(crc16Ccitt("00020127"));
  });
});
