import type { z } from "zod";
import { VALIDATION_SEPARATOR } from "@/lib/contract";

/**
 * Turns zod issues into the provider's terse messages (`pix_key required`,
 * `value_cents not_a_number`), one per field, in the order the fields are given.
 */
export function providerMessages(
  issues: readonly z.core.$ZodIssue[],
  input: Record<string, unknown>,
  fieldOrder: readonly string[],
): string[] {
  const byField = new Map<string, string>();
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "body");
    if (byField.has(field)) continue;
    byField.set(field, messageFor(field, issue, input[field]));
  }
  const rank = (f: string) => {
    const i = fieldOrder.indexOf(f);
    return i < 0 ? fieldOrder.length : i;
  };
  return [...byField.entries()].sort((a, b) => rank(a[0]) - rank(b[0])).map(([, m]) => m);
}

function messageFor(field: string, issue: z.core.$ZodIssue, value: unknown): string {
  if (value === undefined || value === null) return `${field} required`;
  switch (issue.code) {
    case "custom":
      return issue.message.startsWith(field) ? issue.message : `${field} invalid`;
    case "invalid_type":
      if (issue.expected === "number" || issue.expected === "int") {
        return typeof value === "number" ? `${field} not_an_integer` : `${field} not_a_number`;
      }
      return `${field} invalid`;
    case "too_small":
      if (issue.origin === "string") return `${field} required`;
      return `${field} must_be_greater_than_${String(issue.minimum)}`;
    case "too_big":
      return issue.origin === "string" ? `${field} too_long` : `${field} too_large`;
    case "invalid_value":
      return `${field} not_included_in_list`;
    default:
      return `${field} invalid`;
  }
}

export function joinMessages(messages: readonly string[]): string {
  return messages.join(VALIDATION_SEPARATOR);
}

/** Adds messages not yet present (same field), keeping order. */
export function mergeMessages(first: readonly string[], extra: readonly string[]): string[] {
  const fields = new Set(first.map((m) => m.split(" ")[0]));
  return [...first, ...extra.filter((m) => !fields.has(m.split(" ")[0]))];
}
