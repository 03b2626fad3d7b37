import "server-only";
import type { z } from "zod";
import { problemSchema } from "@/lib/domain/errors";
import { PROBLEM_MEDIA_TYPE } from "./problem";

/**
 * What a route answers, declared beside its inputs with `route({ answers })`: per success status,
 * the zod schema of its JSON body, or for a file or a stream its content type. Every 4xx and 5xx
 * answer is the one error shape (`problemSchema`, sent as application/problem+json). The OpenAPI document (lib/http/openapi.ts) is
 * generated from these declarations, and the browser reads the answers with the same schemas.
 */
export type FileAnswer = {
  /** The media types it may come as (without parameters: "text/csv", not "text/csv; charset=utf-8"). */
  contentTypes: readonly string[];
  description: string;
  /** The same status may answer JSON instead (GET /api/statement without `format`). */
  json?: z.ZodType;
};
export type AnswerSpec = z.ZodType | FileAnswer;
export type Answers = Readonly<Record<number, AnswerSpec>>;

/** A file or a stream: its media type is declared (and checked); its bytes are not described. */
export function fileAnswer(contentTypes: string | readonly string[], description: string, json?: z.ZodType): FileAnswer {
  return { contentTypes: typeof contentTypes === "string" ? [contentTypes] : contentTypes, description, ...(json ? { json } : {}) };
}

/** 204: no body at all. */
export const NO_CONTENT: FileAnswer = { contentTypes: [], description: "Done; no body" };

export function isFileAnswer(spec: AnswerSpec): spec is FileAnswer {
  return Array.isArray((spec as FileAnswer).contentTypes);
}

/** The statuses a route declares, for the inventory test and the document. */
export function declaredStatuses(answers: Answers): number[] {
  return Object.keys(answers).map(Number);
}

/**
 * Real answers are checked against their declaration in tests and in development (a mismatch is
 * a 500 naming the route and what differs), never in production: parsing every answer again
 * costs time on every request, and the contract test (e2e/openapi.spec.ts) checks the production
 * build's answers against the published document instead.
 */
export const ANSWER_CHECKS = process.env.NODE_ENV !== "production" && process.env.ANSWER_CHECKS !== "off";

/**
 * Why `response` is not what `answers` declares, or null when it is. JSON bodies are parsed with
 * their schema, and members the schema does not know count as a difference (the document says
 * `additionalProperties: false`; zod alone would drop them silently).
 */
export async function answerProblem(answers: Answers, response: Response): Promise<string | null> {
  const status = response.status;
  const type = response.headers.get("content-type") ?? "";
  const spec = answers[status];
  // A 4xx or 5xx is the one error shape unless the route declares that status (503 of /api/ready).
  if (!spec && status >= 400) return jsonProblem(problemSchema, type, response, status, false, PROBLEM_MEDIA_TYPE);
  if (!spec) return `status ${status} is not declared (declared: ${declaredStatuses(answers).join(", ") || "none"})`;
  if (!isFileAnswer(spec)) return jsonProblem(spec, type, response, status, true);
  if (spec.json && type.startsWith("application/json")) return jsonProblem(spec.json, type, response, status, true);
  if (!spec.contentTypes.length) return type || (await response.clone().text()) ? `status ${status}: a body ("${type}"), declared none` : null;
  const media = type.split(";")[0]?.trim() ?? "";
  return spec.contentTypes.includes(media) ? null : `content-type "${type}", declared ${spec.contentTypes.join(" or ")}`;
}

async function jsonProblem(schema: z.ZodType, type: string, response: Response, status: number, strict: boolean, media = "application/json"): Promise<string | null> {
  if (!type.startsWith(media)) return `status ${status}: content-type "${type}", expected ${media}`;
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    return `status ${status}: the body is not JSON`;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    return `status ${status}: ${issues.join("; ")}`;
  }
  if (!strict) return null;
  const stray = strayMembers(body, parsed.data);
  return stray.length ? `status ${status}: undeclared members ${stray.slice(0, 5).join(", ")}` : null;
}

/** Paths of members present in `sent` but dropped by the parse (`kept`): what the schema does not declare. */
export function strayMembers(sent: unknown, kept: unknown, path = ""): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((item, i) => strayMembers(item, kept[i], `${path}[${i}]`));
  }
  if (!isPlainObject(sent) || !isPlainObject(kept)) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(sent)) {
    const at = path ? `${path}.${key}` : key;
    if (!(key in kept)) {
      if (value !== undefined) out.push(at);
    } else out.push(...strayMembers(value, kept[key], at));
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
