import { describe, expect, it, vi } from "vitest";
import "@/lib/zod-config";
import { z } from "zod";
import { PaymentsApiError, type PaymentsApiErrorOptions } from "@/lib/payments-api/errors";
import { toErrorResponse } from "./errors";

const apiError = (message: string, o: Partial<PaymentsApiErrorOptions>) =>
  new PaymentsApiError(message, { kind: "upstream_failure", status: 500, operation: "getPayment", ...o });

async function mapped(err: unknown) {
  const res = toErrorResponse(err);
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, type: res.headers.get("content-type") };
}

describe("toErrorResponse", () => {
  it("maps each provider error kind to its status with a reason in Portuguese, quoting the provider's own words", async () => {
    const cases: [PaymentsApiError, number, string][] = [
      [apiError("Not found", { kind: "not_found", status: 406, providerMessage: "Payment not found." }), 404, "Payment not found."],
      [apiError("x", { kind: "invalid", status: 400, operation: "listPayments", providerMessage: "registration_end_date required" }), 400, "O provedor de pagamentos recusou: “registration_end_date required”"],
      [apiError("x", { kind: "invalid", status: 400, operation: "registerPayment", providerMessage: "pix_key required" }), 422, "O provedor de pagamentos recusou: “pix_key required”"],
      [apiError("x", { kind: "forbidden", status: 403, operation: "registerPayment", providerMessage: "Receiver not allowed" }), 403, "O provedor de pagamentos recusou: “Receiver not allowed”"],
      [apiError("x", { kind: "insufficient_funds", status: 422, operation: "registerPayment", providerMessage: "Insufficient funds" }), 422, "O provedor de pagamentos diz que o saldo é insuficiente: “Insufficient funds”"],
      [apiError("The payments provider failed (HTTP 500)", { providerMessage: "Operation failed! Please try again or contact our support team" }), 502, "O provedor de pagamentos falhou (HTTP 500): “Operation failed! Please try again or contact our support team”"],
      [apiError("The payments provider sent a malformed answer: payment.value_cents: bad", { kind: "malformed", status: 200 }), 502, "O provedor de pagamentos enviou uma resposta que não conseguimos ler"],
      [apiError("The payments provider did not answer in time", { kind: "timeout", status: 0 }), 504, "O provedor de pagamentos não respondeu a tempo"],
    ];
    for (const [err, status, error] of cases) {
      const out = await mapped(err);
      expect(out.status, err.kind).toBe(status);
      expect(out.body.error).toBe(error);
      expect(out.body.kind).toBe(err.kind);
      expect(out.type).toContain("application/problem+json");
    }
  });

  it("credentials refused by the provider are a 502 for the user, not a 401", async () => {
    const out = await mapped(apiError("refused", { kind: "unauthorized", status: 401, operation: "token" }));
    expect(out.status).toBe(502);
  });

  it("a ZodError is a 400 with fields; anything else a bare 500 without the stack", async () => {
    const zodError = z.object({ page: z.number() }).safeParse({ page: "x" }).error;
    const bad = await mapped(zodError);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty("page");
    const boom = new Error("secret detail at /srv/app/lib/x.ts:12");
    const out = await mapped(boom);
    expect(out).toMatchObject({ status: 500, body: { kind: "internal" } });
    expect(out.body.error).toMatch(/^Algo deu errado do nosso lado/);
    expect(JSON.stringify(out.body)).not.toContain("secret detail");
    vi.restoreAllMocks();
  });
});
