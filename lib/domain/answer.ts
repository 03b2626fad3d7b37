/**
 * How the browser reads an answer of our own /api. Every answer's type is inferred from the
 * schema its route declares (`lib/<domain>/answers.ts`). Forms and actions, which ship zod anyway,
 * parse the answer with that schema (`answerParsedBy(createdTransferAnswer)`, ./answer-schema.ts).
 * Pages that only read ship no zod (32 kB gzip, app/browser-imports.test.ts): their query readers
 * check the members a page relies on, typed from the same schema
 * (`answerWith<z.output<typeof transferListAnswer>>({ transfers: "array", meta: "object" })`);
 * the tests check each route's real answers against the whole schema, and e2e/openapi.spec.ts the
 * production build's against the published document.
 */
export type AnswerReader<T> = (body: unknown) => T | undefined;

type Kind = "array" | "object" | "string" | "number" | "boolean" | "nullable-string";

function isKind(value: unknown, kind: Kind): boolean {
  switch (kind) {
    case "array":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case "nullable-string":
      return value === null || typeof value === "string";
    default:
      return typeof value === kind;
  }
}

/** True when `value` is an object whose listed members are each of their kind. */
export function hasMembers(value: unknown, members: Record<string, Kind>): value is Record<string, unknown> {
  if (!isKind(value, "object")) return false;
  const record = value as Record<string, unknown>;
  return Object.entries(members).every(([key, kind]) => isKind(record[key], kind));
}

/** A reader of answers with these members (the answer's type comes from its schema, as a type). */
export function answerWith<T>(members: Record<string, Kind>): AnswerReader<T> {
  return (body) => (hasMembers(body, members) ? (body as T) : undefined);
}
