import "@/lib/zod-config";
import { z } from "zod";
import { isPlainText } from "@/lib/pix/text";

/**
 * Several decisions in one request (POST /api/transfers/decisions), client-safe: the approver's
 * screen builds the body and reads the results with these schemas.
 */
export const MAX_DECISIONS_PER_REQUEST = 200;

const decisionItemSchema = z
  .object({
    kind: z.enum(["transfer", "batch", "series"]),
    id: z.uuid("validation.transfers.id"),
    decision: z.enum(["approve", "reject"]),
    reason: z.string().trim().max(500, "validation.transfers.reasonTooLong").refine(isPlainText, "validation.text.notPlain").optional(),
  })
  .superRefine((item, ctx) => {
    if (item.decision === "reject" && !item.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "validation.transfers.reasonRequired" });
  });

export const decisionsBodySchema = z.object({
  items: z.array(decisionItemSchema).min(1, "validation.transfers.noItems").max(MAX_DECISIONS_PER_REQUEST, "validation.transfers.tooManyItems"),
});
export type DecisionItem = z.output<typeof decisionItemSchema>;

export const decisionResultSchema = z
  .object({
    kind: z.enum(["transfer", "batch", "series"]),
    id: z.string(),
    decision: z.enum(["approve", "reject"]),
    /** done: decided (approved and sent or scheduled, or rejected); waiting_more: approved, other approvers still needed; refused: the server said no (`error`); error: could not be decided now. */
    status: z.enum(["done", "waiting_more", "refused", "error"]),
    /** Its state after the decision (a batch's for a batch). */
    state: z.string().nullable(),
    code: z.string().optional(),
    /** Why not, in the caller's language. */
    error: z.string().optional(),
  })
  .meta({ id: "DecisionResult" });
export type DecisionResult = z.output<typeof decisionResultSchema>;

/** POST /api/transfers/decisions: one result per item, in the order sent. */
export const decisionsAnswer = z.object({ results: z.array(decisionResultSchema) }).meta({ id: "DecisionList" });
