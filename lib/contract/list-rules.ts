import { DIGITS_RE, LIMITS, LIST_DATETIME_RE } from "./limits";

/**
 * The rules of the list query parameters as plain data, with no zod: `lib/contract/list.ts`
 * builds the schema the server parses with from these very rules, and the browser (the URL
 * parser map and the filter inputs of /payments) checks values with `checkTextRule`, so the
 * page does not ship zod. One set of rules, two readers.
 */
export type TextRule = { max?: number; pattern?: RegExp; message?: string };

/** The list's date-range pairs: each end requires the other (provider answers 400 otherwise). */
export const DATE_PAIRS = [
  ["registration_start_date", "registration_end_date"],
  ["payment_start_date", "payment_end_date"],
] as const;

const DATETIME_RULE: TextRule = { pattern: LIST_DATETIME_RE, message: "must look like YYYY-mm-ddTHH:MM:ss" };

/** The date bounds every provider list takes (payments, QR codes), in the provider's order. */
export const LIST_DATE_RULES = {
  registration_start_date: DATETIME_RULE,
  registration_end_date: DATETIME_RULE,
  payment_start_date: DATETIME_RULE,
  payment_end_date: DATETIME_RULE,
} as const satisfies Record<string, TextRule>;

/** A person's name and CPF/CNPJ as list filters (receiver, generator, payer). */
export const NAME_RULE: TextRule = { max: LIMITS.name };
export const DOCUMENT_RULE: TextRule = { max: LIMITS.document, pattern: DIGITS_RE, message: "digits only" };

/** The ids every provider list filters by. */
export const LIST_ID_RULES = {
  reference_code: { max: LIMITS.referenceCode },
  end_to_end: { max: LIMITS.endToEnd },
} as const satisfies Record<string, TextRule>;

/**
 * `status` passes through any short word: the contract documents the QR code values, real
 * payments carry the payment values (provider notes).
 */
export const LIST_TEXT_RULES = {
  ...LIST_DATE_RULES,
  receiver_name: NAME_RULE,
  receiver_document: DOCUMENT_RULE,
  status: { pattern: /^[a-z_]{1,40}$/, message: "unknown status" },
  ...LIST_ID_RULES,
} as const satisfies Record<string, TextRule>;

export type ListTextParam = keyof typeof LIST_TEXT_RULES;

/** Highest `page` we pass on (the provider's own limit is not documented). */
export const MAX_LIST_PAGE = 1_000_000;

export function tooLongMessage(max: number): string {
  return `must be at most ${max} characters`;
}

/** Why `value` breaks `rule`, or null. Same order as the zod schema: length first, then shape. */
export function checkTextRule(rule: TextRule, value: string): string | null {
  if (rule.max !== undefined && value.length > rule.max) return tooLongMessage(rule.max);
  if (rule.pattern && !rule.pattern.test(value)) return rule.message ?? "invalid value";
  return null;
}

/** Why a `page` value is refused, or null: a whole number from 1 to MAX_LIST_PAGE. */
export function checkPageParam(value: string): string | null {
  if (!/^\d+$/.test(value)) return "must be a whole number";
  const page = Number(value);
  return page >= 1 && page <= MAX_LIST_PAGE ? null : `must be between 1 and ${MAX_LIST_PAGE.toLocaleString("en-US")}`;
}
