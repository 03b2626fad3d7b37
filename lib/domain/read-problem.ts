import { hasMembers } from "./answer";
import type { ProblemRead } from "./errors";

/**
 * Reads an error answer of our API (`{ error, fields?, kind?, request_id? }`) in the
 * browser without zod: the same rules as `problemReadSchema` (a test holds them together), so an
 * answer that schema refuses (a proxy's HTML page, an empty body) is `undefined` here too.
 */
export function readProblem(body: unknown): ProblemRead | undefined {
  if (!hasMembers(body, { error: "string" })) return undefined;
  const { error, fields, kind, request_id } = body as Record<string, unknown> & { error: string };
  const ok =
    (fields === undefined || isStringRecord(fields)) &&
    (kind === undefined || typeof kind === "string") &&
    (request_id === undefined || typeof request_id === "string");
  if (!ok) return undefined;
  const out: ProblemRead = { error };
  if (fields !== undefined) out.fields = { ...(fields as Record<string, string>) };
  if (kind !== undefined) out.kind = kind as string;
  if (request_id !== undefined) out.request_id = request_id as string;
  return out;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return hasMembers(value, {}) && Object.values(value).every((item) => typeof item === "string");
}
