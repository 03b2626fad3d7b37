/**
 * How the browser reads an answer of our own /api. Readers parse with the route's declared
 * answer schema (`answerParsedBy(transferDetailAnswer)`, ./answer-schema.ts): the same schema the
 * route declares, the tests check and the OpenAPI document publishes. `answerWith`, a check of
 * top-level members only, remains for the transfer page's actions until they move to their schemas.
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
