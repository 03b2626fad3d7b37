import { describe, expect, it } from "vitest";
import type { BrCodeAnswer } from "./answer";
import { readPayableBrCode } from "./payable";

// Codes built field by field and their CRCs computed with Python's binascii.crc_hqx (CRC-CCITT,
// init 0xFFFF, over the UTF-8 bytes), independently of lib/pix/crc16.ts. BCB_STATIC is the Banco
// Central's own example from the BR Code manual.
const BCB_STATIC =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";
const ACCENTS =
  "00020126380014br.gov.bcb.pix0116joao@example.com52040000530398654071500.005802BR5920JOÃO DA SILVA AÇÚCAR6009SÃO PAULO62130509NF202612363045BC4";
/** One-letter name, 3-letter city, amount "1.5", a 26-character txid (one past the manual's 25). */
const ODD_LENGTHS =
  "00020126360014br.gov.bcb.pix0114+551198765432152040000530398654031.55802BR5901A6003RIO62300526T123456789012345678901234563047D42";
const CPF_KEY =
  "00020126330014br.gov.bcb.pix0111123456789095204000053039865402105802BR5905Maria6008CURITIBA62070503ABC6304A0B2";
const DYNAMIC =
  "00020126550014br.gov.bcb.pix2533pix.example.com/qr/v2/cobv/3f1b2c520400005303986540542.005802BR5904LOJA6006RECIFE62070503***63041797";
const NOT_A_KEY =
  "00020126310014br.gov.bcb.pix0109not a key5204000053039865402105802BR5905Maria6008CURITIBA62070503ABC6304D7A6";
const DOLLARS =
  "00020126330014br.gov.bcb.pix0111123456789095204000053038405402105802BR5905Maria6008CURITIBA62070503ABC63048192";

const payable = (over: Partial<BrCodeAnswer>): BrCodeAnswer => ({
  dynamic: false,
  crc_ok: true,
  pix_key_type: null,
  pix_key: null,
  value_cents: null,
  receiver_name: null,
  city: null,
  txid: null,
  payable: true,
  refusal: null,
  ...over,
});

describe("readPayableBrCode", () => {
  it.each([
    ["the Banco Central's static example (random key, no amount, txid ***)", BCB_STATIC,
      payable({ pix_key_type: "token", pix_key: "123e4567-e12b-12d1-a456-426655440000", receiver_name: "Fulano de Tal", city: "BRASILIA" })],
    ["accented name and city, counted in characters, CRC over UTF-8", ACCENTS,
      payable({ pix_key_type: "email", pix_key: "joao@example.com", value_cents: 150_000, receiver_name: "JOÃO DA SILVA AÇÚCAR", city: "SÃO PAULO", txid: "NF2026123" })],
    ["odd lengths: one-letter name, amount 1.5, a long txid kept whole", ODD_LENGTHS,
      payable({ pix_key_type: "phone", pix_key: "+5511987654321", value_cents: 150, receiver_name: "A", city: "RIO", txid: "T1234567890123456789012345" })],
    ["a CPF key and an amount without decimals", CPF_KEY,
      payable({ pix_key_type: "cpf", pix_key: "12345678909", value_cents: 1_000, receiver_name: "Maria", city: "CURITIBA", txid: "ABC" })],
    ["a dynamic code (a URL in field 25): refused, its key never offered", DYNAMIC,
      payable({ dynamic: true, value_cents: 4_200, receiver_name: "LOJA", city: "RECIFE", payable: false, refusal: "dynamic" })],
    ["a key that is no Pix key", NOT_A_KEY,
      payable({ value_cents: 1_000, receiver_name: "Maria", city: "CURITIBA", txid: "ABC", payable: false, refusal: "no_key" })],
    ["a currency other than the real (840)", DOLLARS,
      payable({ pix_key_type: "cpf", pix_key: "12345678909", value_cents: 1_000, receiver_name: "Maria", city: "CURITIBA", txid: "ABC", payable: false, refusal: "currency" })],
  ])("%s", (_label, code, expected) => {
    expect(readPayableBrCode(code)).toEqual(expected);
  });

  it("a wrong CRC is read but refused first, whatever else the code says", () => {
    const wrong = `${BCB_STATIC.slice(0, -4)}1D3E`;
    expect(readPayableBrCode(wrong)).toMatchObject({ crc_ok: false, payable: false, refusal: "crc", pix_key: "123e4567-e12b-12d1-a456-426655440000" });
    // One changed character in the amount of an otherwise intact code: the CRC catches it.
    const altered = CPF_KEY.replace("540210", "540290");
    expect(readPayableBrCode(altered)).toMatchObject({ crc_ok: false, refusal: "crc", value_cents: 9_000 });
  });

  it("a code cut short loses its CRC and is refused", () => {
    expect(readPayableBrCode(ACCENTS.slice(0, 90))).toMatchObject({ crc_ok: false, payable: false, refusal: "crc" });
  });

  it("text that is no Pix code at all gives null", () => {
    expect(readPayableBrCode("hello")).toBeNull();
    expect(readPayableBrCode("000201")).toBeNull();
    expect(readPayableBrCode("")).toBeNull();
  });

  it("line breaks and spaces around a pasted code are ignored", () => {
    expect(readPayableBrCode(`\n  ${CPF_KEY}  \r\n`)).toMatchObject({ payable: true, pix_key: "12345678909" });
  });
});
