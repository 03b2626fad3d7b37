import "server-only";
import { endToEndParamSchema, idempotentIdParamSchema } from "@/lib/domain/ids";
import { PaymentsApiError, type ProviderOperation } from "./errors";
import type { z } from "zod";

/**
 * Validates a path parameter and returns it encoded, or throws `invalid` before any call.
 * Route handlers validate first; this is the second lock on the same door.
 */
function encodedParam(schema: z.ZodType<string>, value: unknown, field: string, operation: ProviderOperation): string {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? `Invalid ${field}`;
    throw new PaymentsApiError(message, { kind: "invalid", status: 0, operation, fields: { [field]: message } });
  }
  return encodeURIComponent(parsed.data);
}

export function paymentPath(idempotentId: unknown, operation: ProviderOperation = "getPayment"): string {
  return `/v1/pix/payments/${encodedParam(idempotentIdParamSchema, idempotentId, "idempotent_id", operation)}/idempotent_id`;
}

/** The provider's QR code path keeps its trailing slash. */
export function qrcodePath(endToEnd: unknown): string {
  return `/v1/pix/qrcodes/end_to_end/${encodedParam(endToEndParamSchema, endToEnd, "end_to_end", "getQrcode")}/`;
}

export function webhookPath(typeId: unknown): string {
  if (typeId !== 1 && typeId !== 2) {
    throw new PaymentsApiError("Unknown webhook type (1 = pix_qrcodes, 2 = pix_payments)", {
      kind: "invalid",
      status: 0,
      operation: "registerWebhook",
      fields: { type_id: "must be 1 or 2" },
    });
  }
  return `/v1/webhooks/${typeId}`;
}
