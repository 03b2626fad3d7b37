import "@/lib/zod-config";
import { z } from "zod";
import { paymentDetailSchema, paymentListItemSchema } from "@/lib/contract/payment";
import { qrcodeSchema } from "@/lib/contract/qrcode";

/** At most this many payments are carried back per list step; the rest is a link to the table. */
export const LOOKUP_LIST_LIMIT = 10;

/**
 * Why a step was not tried: the text is too long for that id or has characters it cannot carry,
 * or (the partial search) a payment already has exactly this reference code.
 */
const SKIP_REASONS = ["too_long", "characters", "found_exactly"] as const;
/** Why a step failed, for the screen's words: the provider was slow, unreachable, or failed otherwise. */
const FAILURE_REASONS = ["timeout", "unreachable", "failed"] as const;

const listFoundSchema = z.object({
  outcome: z.literal("found"),
  payments: z.array(paymentListItemSchema),
  total: z.number().int().nonnegative(),
});
const notFoundSchema = z.object({ outcome: z.literal("not_found") });
const failedSchema = z.object({ outcome: z.literal("failed"), reason: z.enum(FAILURE_REASONS) });
const skippedSchema = z.object({ outcome: z.literal("skipped"), reason: z.enum(SKIP_REASONS) });
/** The whole record, bank data included (both reads are of one payment). */
const paymentFoundSchema = z.object({ outcome: z.literal("found"), payment: paymentDetailSchema });
const qrcodeFoundSchema = z.object({ outcome: z.literal("found"), qrcode: qrcodeSchema });

/** A whole id read: the payment by idempotent_id, or by its reference code. */
const paymentStepSchema = z.object({
  by: z.enum(["idempotent_id", "reference"]),
  result: z.discriminatedUnion("outcome", [paymentFoundSchema, notFoundSchema, failedSchema, skippedSchema]),
});

/** A QR code record: by the end-to-end id of its payment, or by its own reference code. */
const qrcodeStepSchema = z.object({
  by: z.enum(["qrcode", "qrcode_reference"]),
  result: z.discriminatedUnion("outcome", [qrcodeFoundSchema, notFoundSchema, failedSchema, skippedSchema]),
});

/** A list filter's partial match (first page only) and how many there are in all. */
const listStepSchema = z.object({
  by: z.enum(["end_to_end", "reference_code"]),
  result: z.discriminatedUnion("outcome", [listFoundSchema, notFoundSchema, failedSchema, skippedSchema]),
});

const lookupStepSchema = z.union([paymentStepSchema, qrcodeStepSchema, listStepSchema]);

/** Answer of GET /api/lookup?q=...: what the text was taken for, and each thing tried in order. */
export const lookupAnswerSchema = z.object({
  query: z.string(),
  kind: z.enum(["empty", "end_to_end", "text"]),
  steps: z.array(lookupStepSchema),
}).meta({ id: "LookupResult" });

export type LookupStep = z.infer<typeof lookupStepSchema>;
export type LookupAnswer = z.infer<typeof lookupAnswerSchema>;
export type PaymentStep = z.infer<typeof paymentStepSchema>;
export type QrcodeStep = z.infer<typeof qrcodeStepSchema>;
export type ListStep = z.infer<typeof listStepSchema>;
export type LookupListBy = ListStep["by"];
export type FailureReason = (typeof FAILURE_REASONS)[number];

export const isPaymentStep = (s: LookupStep): s is PaymentStep => s.by === "idempotent_id" || s.by === "reference";
export const isQrcodeStep = (s: LookupStep): s is QrcodeStep => s.by === "qrcode" || s.by === "qrcode_reference";
export const isListStep = (s: LookupStep): s is ListStep => s.by === "end_to_end" || s.by === "reference_code";
