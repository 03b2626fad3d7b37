import "@/lib/zod-config";
import { z } from "zod";
import { LIMITS } from "@/lib/contract/limits";

/**
 * Rules for ids that travel in a provider URL path. Every path parameter is also percent-encoded,
 * so these rules are the second lock: refused is anything that could change the upstream path if
 * some server decoded it before routing (?, #, \\, control characters, %xx, empty or dot-only segments).
 * A "/" inside an id is allowed: real ids look like "NF 2026/0042" (the sandbox seeds one), and
 * encoded as %2F with no dot segments around it, it cannot climb out of the payment's path.
 */
const UNSAFE_PATH_CHARS = /[\\?#\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

type PathIdProblem = "empty" | "tooLong" | "spaces" | "unsafe" | "percent" | "dotParts";

/** What is wrong with an id for a URL path, or undefined; its words are `validation.pathId.<problem>`. */
export function pathIdProblem(value: string, maxLength: number): PathIdProblem | undefined {
  if (value.length === 0 || value.trim().length === 0) return "empty";
  if (value.length > maxLength) return "tooLong";
  if (value !== value.trim()) return "spaces";
  if (UNSAFE_PATH_CHARS.test(value)) return "unsafe";
  // Already-encoded text could turn into dot segments on a server that decodes twice.
  if (/%[0-9a-f]{2}/i.test(value)) return "percent";
  if (value.split("/").some((part) => part === "" || /^\.+$/.test(part))) return "dotParts";
  return undefined;
}

/** The message key of a path id problem (translated where it is shown). */
export const pathIdMessage = (problem: PathIdProblem) => `validation.pathId.${problem}` as const;

/** A payment's idempotent_id as a path parameter (reads and the read-back after registration). */
export const idempotentIdParamSchema = z.string().superRefine((value, ctx) => {
  const problem = pathIdProblem(value, LIMITS.idempotentId);
  if (problem) ctx.addIssue({ code: "custom", message: pathIdMessage(problem) });
});

/** An end-to-end id: letters and digits, at most 32 (real ones look like E18236120202206142202a1022c1tg10). */
export const endToEndParamSchema = z
  .string()
  .min(1, "validation.endToEnd.required")
  .max(LIMITS.endToEnd, "validation.endToEnd.tooLong")
  .regex(/^[A-Za-z0-9]+$/, "validation.endToEnd.characters");

/** Route params of /api/payments/{idempotent_id} and /api/qrcodes/{end_to_end}. */
export const paymentParamsSchema = z.object({ idempotent_id: idempotentIdParamSchema });
export const qrcodeParamsSchema = z.object({ end_to_end: endToEndParamSchema });
