import { VALIDATION_SEPARATOR } from "./documented";

/**
 * The documentation's field tables as rules, and the provider's terse words for a broken one:
 * `<field> required`, `not_a_number`, `not_an_integer`, `must_be_greater_than_0`, `too_long`,
 * `not_included_in_list`, `invalid`. One message per field, in the table's order.
 */
export type FieldRule =
  /**
   * A string, trimmed unless `keepSpaces` (identifiers are taken as sent); an empty one (or null)
   * is no value. `pattern` is checked after the length.
   */
  | { type: "string"; max?: number; pattern?: RegExp; keepSpaces?: boolean }
  /**
   * An integer. `numericText`: a text that spells a number counts as that number (query
   * strings, and JSON strings where the documentation's own examples send "1800").
   */
  | { type: "integer"; greaterThan?: number; atLeast?: number; atMost?: number; numericText?: boolean }
  | { type: "boolean" }
  | { type: "enum"; values: readonly string[] };

export type FieldRules = Record<string, FieldRule>;

type Checked = { ok: true; values: Record<string, unknown> } | { ok: false; messages: string[] };

/**
 * Checks `input` against `rules`. `required(field)` says whether a field must have a value
 * (the documentation's "required if" rules are decided by the caller). Unknown fields are
 * ignored, as a JSON API does. `values` holds the accepted values (strings trimmed, numbers as
 * numbers); absent fields are left out.
 */
export function checkFields(input: Record<string, unknown>, rules: FieldRules, required: (field: string) => boolean): Checked {
  const messages: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [field, rule] of Object.entries(rules)) {
    const raw = input[field];
    const problem = raw === undefined ? (required(field) ? "required" : null) : checkValue(rule, raw);
    if (typeof problem === "string") messages.push(`${field} ${problem}`);
    else if (problem && "value" in problem) values[field] = problem.value;
  }
  return messages.length ? { ok: false, messages } : { ok: true, values };
}

function checkValue(rule: FieldRule, raw: unknown): string | { value: unknown } {
  if (raw === null) return "required";
  switch (rule.type) {
    case "string": {
      if (typeof raw !== "string") return "invalid";
      const value = rule.keepSpaces ? raw : raw.trim();
      if (value === "") return "required";
      if (rule.max !== undefined && value.length > rule.max) return "too_long";
      if (rule.pattern && !rule.pattern.test(value)) return "invalid";
      return { value };
    }
    case "integer": {
      let value = raw;
      if (typeof raw === "string" && rule.numericText && raw.trim() !== "" && Number.isFinite(Number(raw))) value = Number(raw);
      if (typeof value !== "number" || !Number.isFinite(value)) return "not_a_number";
      if (!Number.isInteger(value)) return "not_an_integer";
      if (rule.greaterThan !== undefined && value <= rule.greaterThan) return `must_be_greater_than_${rule.greaterThan}`;
      if (rule.atLeast !== undefined && value < rule.atLeast) return `must_be_greater_than_or_equal_to_${rule.atLeast}`;
      if (rule.atMost !== undefined && value > rule.atMost) return `must_be_less_than_or_equal_to_${rule.atMost}`;
      return { value };
    }
    case "boolean":
      return typeof raw === "boolean" ? { value: raw } : "invalid";
    case "enum":
      return typeof raw === "string" && rule.values.includes(raw) ? { value: raw } : "not_included_in_list";
  }
}

export function joinMessages(messages: readonly string[]): string {
  return messages.join(VALIDATION_SEPARATOR);
}

/** Messages ordered as the fields of `order` (messages of other fields last). */
export function inFieldOrder(messages: readonly string[], order: readonly string[]): string[] {
  const rank = (m: string) => {
    const i = order.indexOf(m.split(" ")[0]!);
    return i < 0 ? order.length : i;
  };
  return [...messages].sort((a, b) => rank(a) - rank(b));
}
