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

export function pathIdProblem(value: string, maxLength: number): string | undefined {
  if (value.length === 0 || value.trim().length === 0) return "must not be empty";
  if (value.length > maxLength) return `has at most ${maxLength} characters`;
  if (value !== value.trim()) return "must not start or end with spaces";
  if (UNSAFE_PATH_CHARS.test(value)) return "must not contain \\ ? # or control characters";
  // Already-encoded text could turn into dot segments on a server that decodes twice.
  if (/%[0-9a-f]{2}/i.test(value)) return "must not contain percent-encoded characters";
  if (value.split("/").some((part) => part === "" || /^\.+$/.test(part))) {
    return "must not have empty or dot-only parts between slashes";
  }
  return undefined;
}

/** A payment's idempotent_id as a path parameter (reads and the read-back after registration). */
export const idempotentIdParamSchema = z.string().superRefine((value, ctx) => {
  const problem = pathIdProblem(value, LIMITS.idempotentId);
  if (problem) ctx.addIssue({ code: "custom", message: `The payment id ${problem}` });
});

/** An end-to-end id: letters and digits, at most 32 (real ones look like E18236120202206142202a1022c1tg10). */
export const endToEndParamSchema = z
  .string()
  .min(1, "Enter an end-to-end id")
  .max(LIMITS.endToEnd, `The end-to-end id has at most ${LIMITS.endToEnd} characters`)
  .regex(/^[A-Za-z0-9]+$/, "The end-to-end id has only letters and digits");

/** Route params of /api/payments/{idempotent_id} and /api/qrcodes/{end_to_end}. */
export const paymentParamsSchema = z.object({ idempotent_id: idempotentIdParamSchema });
export const qrcodeParamsSchema = z.object({ end_to_end: endToEndParamSchema });
