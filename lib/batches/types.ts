/**
 * A batch as our API answers it (client-safe: types only).
 */
import type { z } from "zod";
import type { TransferState } from "@/lib/transfers/states";
import type { batchDetailAnswer, batchRowSchema, batchSchema } from "./answers";

export const BATCH_STATES = ["draft", "awaiting_approval", "sending", "completed", "rejected", "canceled", "expired"] as const;
export type BatchState = (typeof BATCH_STATES)[number];

/** The answers' schemas are the source of these types (lib/batches/answers.ts). */
export type Batch = z.infer<typeof batchSchema>;
export type BatchOutcome = Batch["outcome"];

export type BatchRowState = "valid" | "invalid" | TransferState;

/** One row: what the file said or will send, and once submitted, its transfer's state and outcome. */
export type BatchRowView = z.infer<typeof batchRowSchema>;

export type BatchDetail = z.infer<typeof batchDetailAnswer>;
/** What an approver weighs besides the totals: the largest rows and how many receivers are new. */
export type BatchReview = BatchDetail["review"];
