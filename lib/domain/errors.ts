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
  "unauthorized",
  "malformed",
  "internal",
] as const;
export type ApiErrorKind = (typeof API_ERROR_KINDS)[number];

/** Every error answer of our API: `{ error }`, plus `fields` for validation. */
export const apiErrorSchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  kind: z.string().optional(),
  request_id: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
