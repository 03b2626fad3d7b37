import { createLoader, createSerializer, type inferParserType } from "nuqs/server";
// The rules as data, not the zod schema built from them: this map runs in the browser, which
// then ships no zod on /payments. (The contract index would also pull the registration schema.)
import type { ListPaymentsParams } from "@/lib/contract/list";
import { DATE_PAIRS, LIST_TEXT_RULES, MAX_LIST_PAGE, checkPageParam, checkTextRule, type TextRule } from "@/lib/contract/list-rules";
import { parseListParam } from "@/lib/pix/time";
import { firstValue, parseAsCheckedParam, parseAsListPage, withoutHalfRanges, type RawSearchParams } from "./list-url";

/**
 * The one URL-state parser map of the payments table. Keys are the provider's own list
 * parameter names, so the page URL, our /api/payments and the provider share one vocabulary.
 * Every value is checked with the contract's rules; an invalid one parses to null (ignored),
 * and `findIgnoredSearchParams` says which and why so the page can show a notice.
 *
 * Imported from "nuqs/server" (no "use client"), so the server page loader and the client's
 * `useQueryStates(paymentsSearchParams, { clearOnDefault: true })` share this very map.
 */
type ParamKey = Exclude<keyof ListPaymentsParams, "page">;

/**
 * Why a value is refused, as a code the page words in the reader's language (`payments.problems`
 * in the message files). The rules themselves are the contract's (`LIST_TEXT_RULES`).
 */
export type ListParamProblem =
  | { code: "tooLong"; max: number }
  | { code: "digitsOnly" }
  | { code: "unknownStatus" }
  | { code: "dateShape" }
  | { code: "notRealDate" }
  | { code: "pageNumber" }
  | { code: "pageRange"; max: number }
  | { code: "rangeNeedsBoth"; missing: PaymentsSearchKey };

const PATTERN_PROBLEMS: Partial<Record<ParamKey, ListParamProblem>> = {
  receiver_document: { code: "digitsOnly" },
  status: { code: "unknownStatus" },
};

/**
 * Why a value of a list filter is refused, or null when the contract accepts it. Shared with
 * the filter inputs, so a typed value is judged exactly as a pasted one.
 */
export function listParamProblem(key: ParamKey, value: string): ListParamProblem | null {
  const rule: TextRule = LIST_TEXT_RULES[key];
  if (checkTextRule(rule, value) !== null) {
    if (rule.max !== undefined && value.length > rule.max) return { code: "tooLong", max: rule.max };
    return PATTERN_PROBLEMS[key] ?? { code: "dateShape" };
  }
  // On top of the contract's shape check, a calendar check: 2026-02-30T00:00:00 is refused.
  if (key.endsWith("_date") && parseListParam(value) === null) return { code: "notRealDate" };
  return null;
}

/** Why a `page` value is refused, or null. */
function pageParamProblem(value: string): ListParamProblem | null {
  if (checkPageParam(value) === null) return null;
  return /^\d+$/.test(value) ? { code: "pageRange", max: MAX_LIST_PAGE } : { code: "pageNumber" };
}

const parseAsListParam = (key: ParamKey) => parseAsCheckedParam((value) => listParamProblem(key, value));

export const paymentsSearchParams = {
  page: parseAsListPage.withDefault(1),
  registration_start_date: parseAsListParam("registration_start_date"),
  registration_end_date: parseAsListParam("registration_end_date"),
  payment_start_date: parseAsListParam("payment_start_date"),
  payment_end_date: parseAsListParam("payment_end_date"),
  receiver_name: parseAsListParam("receiver_name"),
  receiver_document: parseAsListParam("receiver_document"),
  status: parseAsListParam("status"),
  reference_code: parseAsListParam("reference_code"),
  end_to_end: parseAsListParam("end_to_end"),
};

export type PaymentsSearchValues = inferParserType<typeof paymentsSearchParams>;
type PaymentsSearchKey = keyof typeof paymentsSearchParams;
type PaymentsFilterKey = Exclude<PaymentsSearchKey, "page">;

export const PAYMENTS_FILTER_KEYS = Object.keys(paymentsSearchParams).filter(
  (key): key is PaymentsFilterKey => key !== "page",
);

/** Server page loader (and anything else holding a URL, Request or searchParams record). */
export const loadPaymentsSearchParams = createLoader(paymentsSearchParams);

/** Builds `?status=sent&page=2` with defaults dropped, as the client's setter writes them. */
export const serializePaymentsSearchParams = createSerializer(paymentsSearchParams, { clearOnDefault: true });

/** The list query of the current view: a date range with one end missing is left out whole. */
export function toListParams(values: PaymentsSearchValues): ListPaymentsParams {
  const out: ListPaymentsParams = { page: values.page };
  for (const key of PAYMENTS_FILTER_KEYS) {
    const value = values[key];
    if (value !== null) out[key] = value;
  }
  return withoutHalfRanges(out);
}

/** A value of a pasted link the view could not use; the page words `key` and `problem`. */
export type IgnoredParam = { key: PaymentsSearchKey; value: string; problem: ListParamProblem };

/**
 * What a pasted link asked for that the view cannot honour: values the contract refuses, and
 * date ranges with only one end (the provider answers 400 to those). Empty when all is well.
 */
export function findIgnoredSearchParams(raw: RawSearchParams): IgnoredParam[] {
  const ignored: IgnoredParam[] = [];
  const kept = new Set<PaymentsSearchKey>();
  for (const key of Object.keys(paymentsSearchParams) as PaymentsSearchKey[]) {
    const value = firstValue(raw, key);
    if (value === undefined || value === "") continue;
    const problem = key === "page" ? pageParamProblem(value) : listParamProblem(key, value);
    if (problem === null) kept.add(key);
    else ignored.push({ key, value, problem });
  }
  for (const [start, end] of DATE_PAIRS) {
    if (kept.has(start) === kept.has(end)) continue;
    const present = kept.has(start) ? start : end;
    const missing = present === start ? end : start;
    ignored.push({ key: present, value: firstValue(raw, present) ?? "", problem: { code: "rangeNeedsBoth", missing } });
  }
  return ignored;
}
