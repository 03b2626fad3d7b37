import "@/lib/zod-config";
import { z } from "zod";
import {
  listPaymentsAnswerSchema,
  paymentDetailSchema,
  qrcodeSchema,
  registeredPaymentSchema,
} from "@/lib/contract";

/**
 * What the browser receives from our /api routes. The answers keep the provider's field names
 * ("same params and shape as the provider"), already normalised by the contract schemas at the
 * server's border; the schemas re-parse idempotently in the browser.
 */
export type {
  ListMeta,
  ListPaymentsParams,
  PaymentDetail,
  PaymentListItem,
  PaymentStatus,
  PixKeyType,
  Qrcode,
  QrcodeStatus,
  RegisteredPayment,
  RegisterTransfer,
  RegisterTransferInput,
} from "@/lib/contract";

/** GET /api/payments */
export const paymentsListResponseSchema = listPaymentsAnswerSchema;
export type PaymentsListResponse = z.infer<typeof paymentsListResponseSchema>;

/** GET /api/payments/{idempotent_id} */
export const paymentResponseSchema = z.object({ payment: paymentDetailSchema });
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

/** GET /api/qrcodes/{end_to_end} */
export const qrcodeResponseSchema = z.object({ qrcode: qrcodeSchema });
export type QrcodeResponse = z.infer<typeof qrcodeResponseSchema>;

/**
 * POST /api/payments: 201 with `reconciled: false` when the provider accepted it now; 200 with
 * `reconciled: true` when the payment was found by reading it back (an earlier attempt, or an
 * unknown outcome that did go through).
 */
export const registerResponseSchema = z.object({
  payment: registeredPaymentSchema,
  reconciled: z.boolean(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
