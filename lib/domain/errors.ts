import "@/lib/zod-config";
import { z } from "zod";

/**
 * Every `kind` our API answers beside the human `error` text: the one list the code that emits
 * them types against (`ProblemKind`) and the OpenAPI document publishes as an enum. A new refusal
 * adds its kind here first. Client-safe.
 */
export const PROBLEM_KINDS = [
  /** Input refused: a field, the query, the body's media type or size (see `fields`). */
  "validation",
  /** No session or token, or one that is not valid (401, with WWW-Authenticate). */
  "unauthenticated",
  /** The caller's role (or a token) may not do this; `allowed_roles` names who may. */
  "forbidden",
  /** A mutating call from another site (Origin / Sec-Fetch-Site). */
  "origin",
  /** The role requires a second factor and the user has none yet. */
  "second_factor_required",
  /** Moves money: type the password, code or passkey again (`step_up`). */
  "step_up_required",
  /** The password, code or passkey typed again was wrong. */
  "step_up_failed",
  "not_found",
  /** The path does not serve this method (`Allow` lists those it does). */
  "method_not_allowed",
  /** A file or body over its limit. */
  "too_large",
  /** Over a rate limit: wait `Retry-After` seconds. */
  "rate_limited",
  /** Generic conflict with the present state (a receipt of an unpaid transfer). */
  "conflict",
  /** The same idempotency id or reference with another body. */
  "conflict_body",
  /** A name that must be unique is taken (`fields` names it). */
  "duplicate",
  /** The same file made a batch before (`batch_id`). */
  "duplicate_file",
  /** The request or batch is in a state that does not allow this. */
  "illegal_state",
  "already_approved",
  /** Part of a batch: decided with its batch. */
  "batch_member",
  "expired",
  /** Only its maker may do this. */
  "not_maker",
  /** No one approves their own request (or one their link made). */
  "own_request",
  /** A service account is a maker, never an approver. */
  "not_a_person",
  /** A value the request names is not acceptable (a cost centre, a saved receiver). */
  "invalid",
  "insufficient_funds",
  /** An action that must be audited was not: the audit log could not be written. */
  "audit_unavailable",
  /** A setting this needs is missing on the server (mail, the company's data). */
  "not_configured",
  /** The payments provider failed, refused our credentials, answered nonsense or too late. */
  "upstream_failure",
  "unauthorized",
  "malformed",
  "timeout",
  "internal",
] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

/**
 * Every error answer of our API (4xx and 5xx), RFC 9457 problem details: `type` (a URI naming the
 * kind), `title` (the status's phrase), `status`, `detail`, plus `error` (the same text as
 * `detail`, in the caller's language: the UI shows it), `kind` for programs, `fields` (field path
 * -> message) when the input is refused, the request id for support, and the few members some
 * refusals add. Client-safe.
 */
export const problemSchema = z
  .object({
    type: z.string().meta({ format: "uri", description: "Names the kind: `tag:pix-backoffice,2026:problem:<kind>`." }),
    title: z.string().meta({ description: "The HTTP status's phrase (RFC 9110)." }),
    status: z.number().int().min(400).max(599),
    detail: z.string().meta({ description: "What went wrong this time, in the caller's language (Portuguese, or English with NEXT_LOCALE=en)." }),
    error: z.string().meta({ description: "The same text as `detail` (what the UI shows)." }),
    kind: z.enum(PROBLEM_KINDS),
    fields: z.record(z.string(), z.string()).optional().meta({ description: "Input refused: field path -> message." }),
    request_id: z.string().meta({ description: "Also in the x-request-id header and the server's log line." }),
    /** 403 for a role: the roles that may. */
    allowed_roles: z.array(z.string()).readonly().optional(),
    /** 403 `step_up_required`: what to type again (POST /api/me/step-up). */
    step_up: z.enum(["password", "code", "passkey"]).optional(),
    /** 409 `duplicate_file`: the batch the same file made before. */
    batch_id: z.string().optional(),
    /** /api/auth/*: the sign-in layer's own code ("INVALID_EMAIL_OR_PASSWORD"), which its client reads. */
    code: z.string().optional(),
    /** /api/auth/*: the sign-in layer's own message (English). */
    message: z.string().optional(),
    /** 429 of the sign-in layer: seconds to wait (also in Retry-After). */
    retryAfter: z.number().optional(),
  })
  .meta({
    id: "Problem",
    description: "Every 4xx and 5xx answer (RFC 9457 problem details, `application/problem+json`).",
    examples: [
      {
        type: "tag:pix-backoffice,2026:problem:validation",
        title: "Unprocessable Content",
        status: 422,
        detail: "Valor deve ser maior que zero",
        error: "Valor deve ser maior que zero",
        kind: "validation",
        fields: { value_cents: "Valor deve ser maior que zero" },
        request_id: "5f0c1e9a-7a51-4d4e-9a38-0b7b2c1f2d11",
      },
    ],
  });
export type Problem = z.infer<typeof problemSchema>;

/**
 * What the browser reads of an error answer: `error` at least. Lenient on purpose, so an older
 * server's or a proxy's `{ error }` still shows its words (lib/domain/read-problem.ts reads the same without zod).
 */
export const problemReadSchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  kind: z.string().optional(),
  request_id: z.string().optional(),
});
export type ProblemRead = z.infer<typeof problemReadSchema>;
