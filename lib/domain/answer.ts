/**
 * How the browser reads an answer of our own /api. The server is the border: it parsed the
 * provider's answer with the contract schema and reshaped it (STYLE 4), so the browser checks
 * only that it got the kind of answer it asked for: the members a page relies on, each of the
 * right kind. That catches what does reach a browser (a proxy's HTML page with a 200, an empty
 * body, an answer of another route) without shipping zod to pages that only read. Forms keep
 * their zod schemas: the form and the route share them (STYLE 6).
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
