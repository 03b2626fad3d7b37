import { describe, expect, it, vi } from "vitest";
import { brCodeAnswer } from "@/lib/brcode/answer";
import { guardRefusal } from "@/lib/testing/guard-refusal";

const auth = vi.hoisted(() => ({ role: "operator" }));
vi.mock("@/lib/auth/guard", async () => {
  const { can } = await import("@/lib/auth/roles");
  return {
    requireApiUser: vi.fn(async (_r: Request, permission: Parameters<typeof can>[1]) =>
      can(auth.role as Parameters<typeof can>[0], permission)
        ? { user: { id: "u", email: "operator@demo.test", name: "O", role: auth.role } }
        : { response: guardRefusal(403, "Not allowed") },
    ),
  };
});

const { GET } = await import("./route");
const decode = (query: string, headers: Record<string, string> = {}) =>
  GET(new Request(`http://localhost:3000/api/brcode/decode${query}`, { headers }), { params: Promise.resolve({}) });
const withCode = (code: string) => `?code=${encodeURIComponent(code)}`;

const STATIC =
  "00020126330014br.gov.bcb.pix0111123456789095204000053039865402105802BR5905Maria6008CURITIBA62070503ABC6304A0B2";
const DYNAMIC =
  "00020126550014br.gov.bcb.pix2533pix.example.com/qr/v2/cobv/3f1b2c520400005303986540542.005802BR5904LOJA6006RECIFE62070503***63041797";

describe("GET /api/brcode/decode", () => {
  it("answers a static code's key, amount, receiver and txid in the declared shape", async () => {
    const res = await decode(withCode(STATIC));
    expect(res.status).toBe(200);
    expect(brCodeAnswer.parse(await res.json())).toEqual({
      dynamic: false, crc_ok: true, pix_key_type: "cpf", pix_key: "12345678909", value_cents: 1_000,
      receiver_name: "Maria", city: "CURITIBA", txid: "ABC", payable: true, refusal: null,
    });
  });

  it("says a dynamic code is dynamic and not payable, and a wrong CRC is a wrong CRC", async () => {
    expect(await (await decode(withCode(DYNAMIC))).json()).toMatchObject({ dynamic: true, payable: false, refusal: "dynamic", pix_key: null });
    expect(await (await decode(withCode(`${STATIC.slice(0, -4)}0000`))).json()).toMatchObject({ crc_ok: false, payable: false, refusal: "crc" });
  });

  it.each([
    ["no code", ""],
    ["an empty code", "?code=%20%20"],
    ["a code over 512 characters", withCode(`${STATIC}${"0".repeat(500)}`)],
  ])("refuses %s with 400 and a message in the caller's language", async (_label, query) => {
    const res = await decode(query, { cookie: "NEXT_LOCALE=pt-BR" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toMatch(/Pix Copia e Cola/);
    expect(body.fields).toHaveProperty("code");
  });

  it("refuses text that is no Pix code with 422, in English when asked", async () => {
    const res = await decode(withCode("https://example.com/boleto"), { cookie: "NEXT_LOCALE=en" });
    expect(res.status).toBe(422);
    expect((await res.json()).error).toBe("This text is not a Pix Copia e Cola code: check that you copied the whole code");
  });

  it("refuses NUL bytes and bidi controls as client errors, never a 500", async () => {
    for (const bad of [`${STATIC}\u0000`, `\u202e${STATIC}`]) {
      const res = await decode(withCode(bad));
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });

  it("is for those who may register transfers", async () => {
    auth.role = "viewer";
    try {
      expect((await decode(withCode(STATIC))).status).toBe(403);
    } finally {
      auth.role = "operator";
    }
  });
});
