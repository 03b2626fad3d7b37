import "server-only";
import type { z } from "zod";
import {
  checkoutAnswerSchema,
  createCheckoutBodySchema,
  createQrcodeBodySchema,
  createdQrcodeAnswerSchema,
  operationAnswerSchema,
  type Checkout,
  type CreatedQrcode,
} from "@/lib/contract";
import { callProvider, expectAnswer } from "./client";
import { PaymentsApiError, type ProviderOperation } from "./errors";
import { referencePath } from "./payment-by-reference";
import { issuesToFields } from "@/lib/domain/zod-fields";

function body<S extends z.ZodType>(schema: S, input: unknown, operation: ProviderOperation): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields = issuesToFields(parsed.error.issues, { fallback: "body" });
  throw new PaymentsApiError(Object.values(fields)[0] ?? "Invalid charge", { kind: "invalid", status: 0, operation, fields });
}

/** POST /v1/pix/qrcodes: a charge (dynamic QR code) and its PNG. A POST: never retried. */
export async function createQrcode(input: z.input<typeof createQrcodeBodySchema>): Promise<CreatedQrcode> {
  const answer = await callProvider({ operation: "createQrcode", method: "POST", path: "/v1/pix/qrcodes", body: body(createQrcodeBodySchema, input, "createQrcode") });
  return expectAnswer(answer, createdQrcodeAnswerSchema, "createQrcode", [200, 201]).qrcode;
}

/** POST /v1/pix/checkout: a charge behind the provider's payment page. Never retried. */
export async function createCheckout(input: z.input<typeof createCheckoutBodySchema>): Promise<Checkout> {
  const answer = await callProvider({ operation: "createCheckout", method: "POST", path: "/v1/pix/checkout", body: body(createCheckoutBodySchema, input, "createCheckout") });
  return expectAnswer(answer, checkoutAnswerSchema, "createCheckout", [200, 201]).qrcode_checkout;
}

/** POST /v1/pix/qrcodes/{reference_code}/pay: homologation only (a simulated payer). */
export async function payQrcodeInHomologation(reference: string): Promise<void> {
  const path = `${referencePath("/v1/pix/qrcodes", reference, "payQrcode")}/pay`;
  const answer = await callProvider({ operation: "payQrcode", method: "POST", path, body: {} });
  expectAnswer(answer, operationAnswerSchema, "payQrcode");
}
