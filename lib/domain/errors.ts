import "@/lib/zod-config";
import { z } from "zod";

/** Machine-readable reasons our API gives beside the human `error` text. */
export const PROBLEM_KINDS = [
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
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

/**
 * Every error answer of our API (4xx and 5xx): `{ error }` in the caller's language, plus
 * `fields` (field path -> message) for validation, `kind` for programs, the request id for
 * support, and the few members some refusals add. Client-safe: the browser reads errors with it.
 */
export const problemSchema = z
  .object({
    error: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    kind: z.string().optional(),
    request_id: z.string().optional(),
    /** 403 for a role: the roles that may. */
    allowed_roles: z.array(z.string()).optional(),
    /** 403 `step_up_required`: what to type again (POST /api/me/step-up). */
    step_up: z.enum(["password", "code", "passkey"]).optional(),
    /** 409 `duplicate_file`: the batch the same file made before. */
    batch_id: z.string().optional(),
  })
  .meta({ id: "Error", description: "Every 4xx and 5xx answer.", examples: [{ error: "Valor deve ser maior que zero", kind: "validation", fields: { value_cents: "Valor deve ser maior que zero" } }] });
export type Problem = z.infer<typeof problemSchema>;
