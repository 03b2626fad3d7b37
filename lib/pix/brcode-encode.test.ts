import { describe, expect, it } from "vitest";
import { decodeBrCode } from "./brcode";
import { encodeBrCode } from "./brcode-encode";
import { seededRandom } from "./seeded-random";

describe("encodeBrCode", () => {
  it("reproduces the Banco Central static example byte for byte", () => {
    expect(
      encodeBrCode({ key: "123e4567-e12b-12d1-a456-426655440000", merchantName: "Fulano de Tal", merchantCity: "BRASILIA" }),
    ).toBe(
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D",
    );
  });

  it("reproduces an independently computed code with amount, message and txid", () => {
    expect(
      encodeBrCode({
        key: "fulano@example.com",
        message: "Pedido 42",
        merchantName: "Fulano de Tal",
        merchantCity: "RIO DE JANEIRO",
        amountCents: 6666,
        txid: "PEDIDO42",
      }),
    ).toBe(
      "00020126530014br.gov.bcb.pix0118fulano@example.com0209Pedido 42520400005303986540566.665802BR5913Fulano de Tal6014RIO DE JANEIRO62120508PEDIDO4263045D68",
    );
  });

  it("round-trips a static code through decodeBrCode", () => {
    const code = encodeBrCode({
      key: "+5511912345678",
      merchantName: "Padaria São João",
      merchantCity: "São Paulo",
      amountCents: 123456,
      txid: "ABC-123 xyz",
      message: "Obrigado!",
    });
    const d = decodeBrCode(code);
    expect(d.ok).toBe(true);
    expect(d.warnings).toEqual([]);
    expect(d).toMatchObject({
      kind: "static",
      key: "+5511912345678",
      merchantName: "Padaria Sao Joao",
      merchantCity: "Sao Paulo",
      amountCents: 123456,
      txid: "ABC123xyz",
      message: "Obrigado!",
      currency: "986",
      country: "BR",
    });
  });

  it("round-trips a dynamic code, dropping https://", () => {
    const code = encodeBrCode({
      url: "https://qr.example.com/v2/cobv/9d36b84f-c70b-478f-b95c-12729b90ca25",
      merchantName: "Loja",
      merchantCity: "Manaus",
      amountCents: 299,
    });
    const d = decodeBrCode(code);
    expect(d.ok).toBe(true);
    expect(d.kind).toBe("dynamic");
    expect(d.url).toBe("qr.example.com/v2/cobv/9d36b84f-c70b-478f-b95c-12729b90ca25");
    expect(d.amountCents).toBe(299);
  });

  it("trims name to 25 and city to 15 characters, without accents", () => {
    const d = decodeBrCode(
      encodeBrCode({
        key: "52998224725",
        merchantName: "  Associação Beneficente dos Amigos  ",
        merchantCity: "São José dos Campos",
      }),
    );
    expect(d.merchantName).toBe("Associacao Beneficente do");
    expect(d.merchantCity).toBe("Sao Jose dos Ca");
    expect(d.warnings).toEqual([]);
  });

  it("omits the amount when zero or missing, and uses *** without a txid", () => {
    const d = decodeBrCode(encodeBrCode({ key: "52998224725", merchantName: "A", merchantCity: "B", amountCents: 0 }));
    expect(d.fields.some((f) => f.id === "54")).toBe(false);
    expect(d.txid).toBe("***");
  });

  it("shortens a long message so the account field fits in 99 characters", () => {
    const code = encodeBrCode({
      key: "123e4567-e12b-12d1-a456-426655440000",
      merchantName: "A",
      merchantCity: "B",
      message: "x".repeat(200),
    });
    const d = decodeBrCode(code);
    expect(d.ok).toBe(true);
    expect(d.fields.find((f) => f.id === "26")?.length).toBe(99);
    expect(d.message).toBe("x".repeat(99 - 18 - 40 - 4));
  });

  it("round-trips many seeded amounts exactly", () => {
    const rand = seededRandom(5);
    for (let i = 0; i < 300; i++) {
      const cents = Math.floor(rand() * 10_000_000_00) + 1;
      const d = decodeBrCode(encodeBrCode({ key: "52998224725", merchantName: "N", merchantCity: "C", amountCents: cents }));
      expect(d.amountCents).toBe(cents);
      expect(d.ok).toBe(true);
    }
  });

  it("refuses input no code can carry", () => {
    expect(() => encodeBrCode({ merchantName: "A", merchantCity: "B" })).toThrow(RangeError);
    expect(() => encodeBrCode({ key: "k", merchantName: "  ", merchantCity: "B" })).toThrow(/name/);
    expect(() => encodeBrCode({ key: "k", merchantName: "A", merchantCity: "" })).toThrow(/city/);
    expect(() => encodeBrCode({ key: "k", merchantName: "A", merchantCity: "B", amountCents: 1.5 })).toThrow(RangeError);
    expect(() => encodeBrCode({ key: "k", merchantName: "A", merchantCity: "B", amountCents: -1 })).toThrow(RangeError);
    expect(() => encodeBrCode({ key: "k".repeat(90), merchantName: "A", merchantCity: "B" })).toThrow(RangeError);
  });
});
