import "@/lib/zod-config";
import { z } from "zod";

/** Machine-readable reasons our API gives beside the human `error` text. */
export const API_ERROR_KINDS = [
  "validation",
  "unauthenticated",
  "forbidden",
  "origin",
  "not_found",
  "invalid",
  "insufficient_funds",
  "conflict",
  "upstream_failure",
  "timeout",
  "unknown_outcome",
  "unauthorized",
  "malformed",
  "internal",
] as const;
export type ApiErrorKind = (typeof API_ERROR_KINDS)[number];

/**
 * What is known after a registration whose outcome was unknown (409):
 * `registered: false`  the payment was read back and does not exist: retry with the SAME id;
 * `registered: "unknown"` reading it back failed too: do not retry, look it up later.
 */
export const unknownOutcomeSchema = z.object({
  idempotent_id: z.string(),
  registered: z.union([z.literal(false), z.literal("unknown")]),
  retry_with_same_id: z.boolean(),
});
export type UnknownOutcome = z.infer<typeof unknownOutcomeSchema>;

/** Every error answer of our API: `{ error }`, plus `fields` for validation. */
export const apiErrorSchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  kind: z.string().optional(),
  outcome: unknownOutcomeSchema.optional(),
  request_id: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
