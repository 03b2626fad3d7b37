import "@/lib/zod-config";
import { z } from "zod";
import { paymentListItemSchema } from "@/lib/contract/payment";
import { qrcodeSchema } from "@/lib/contract/qrcode";

/** At most this many payments are carried back per list step; the rest is a link to the table. */
export const LOOKUP_LIST_LIMIT = 10;

/** A list step: the payments one list filter found (first page only) and how many there are in all. */
const listFoundSchema = z.object({
  outcome: z.literal("found"),
  payments: z.array(paymentListItemSchema),
  total: z.number().int().nonnegative(),
});

const notFoundSchema = z.object({ outcome: z.literal("not_found") });
const failedSchema = z.object({ outcome: z.literal("failed"), reason: z.string() });
const skippedSchema = z.object({ outcome: z.literal("skipped"), reason: z.string() });

const paymentStepSchema = z.object({
  by: z.literal("idempotent_id"),
  result: z.discriminatedUnion("outcome", [
    z.object({ outcome: z.literal("found"), payment: paymentListItemSchema }),
    notFoundSchema,
    failedSchema,
    skippedSchema,
  ]),
});

const qrcodeStepSchema = z.object({
  by: z.literal("qrcode"),
  result: z.discriminatedUnion("outcome", [
    z.object({ outcome: z.literal("found"), qrcode: qrcodeSchema }),
    notFoundSchema,
    failedSchema,
  ]),
});

const listStepSchema = z.object({
  by: z.enum(["end_to_end", "reference_code"]),
  result: z.discriminatedUnion("outcome", [listFoundSchema, notFoundSchema, failedSchema, skippedSchema]),
});

export const lookupStepSchema = z.discriminatedUnion("by", [paymentStepSchema, qrcodeStepSchema, listStepSchema]);

/** Answer of GET /api/lookup?q=...: what the text was taken for, and each thing tried in order. */
export const lookupAnswerSchema = z.object({
  query: z.string(),
  kind: z.enum(["empty", "end_to_end", "text"]),
  steps: z.array(lookupStepSchema),
});

export type LookupStep = z.infer<typeof lookupStepSchema>;
export type LookupAnswer = z.infer<typeof lookupAnswerSchema>;
export type LookupListBy = z.infer<typeof listStepSchema>["by"];
