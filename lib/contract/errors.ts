import "@/lib/zod-config";
import { z } from "zod";

/** Every provider error body: `{ error: "<readable reason>" }`. */
export const providerErrorSchema = z.object({ error: z.string() });

/** Exact messages the contract documents. */
export const PROVIDER_MESSAGES = {
  paymentNotFound: "Payment not found.",
  qrcodeNotFound: "Qrcode not found.",
  operationFailed: "Operation failed! Please try again or contact our support team",
  insufficientFunds: "Insufficient funds",
  receiverNotAllowed: "Receiver not allowed",
  unauthorized: "Unauthorized",
} as const;

/** Several validation messages are joined with " | " (provider notes). */
export const VALIDATION_SEPARATOR = " | ";
