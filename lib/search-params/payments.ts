import { createLoader, createParser, createSerializer, type inferParserType } from "nuqs/server";
// The rules as data, not the zod schema built from them: this map runs in the browser, which
// then ships no zod on /payments. (The contract index would also pull the registration schema.)
import type { ListPaymentsParams } from "@/lib/contract/list";
import { DATE_PAIRS, LIST_TEXT_RULES, checkPageParam, checkTextRule } from "@/lib/contract/list-rules";
import { parseListParam } from "@/lib/pix/time";

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
 * Why a value of a list filter is refused, or null when the contract accepts it. Shared with
 * the filter inputs, so a typed value is judged exactly as a pasted one.
 */
export function checkListParam(key: ParamKey, value: string): string | null {
  const broken = checkTextRule(LIST_TEXT_RULES[key], value);
  if (broken !== null) return broken;
  // On top of the contract's shape check, a calendar check: 2026-02-30T00:00:00 is refused.
  if (key.endsWith("_date") && parseListParam(value) === null) return "not a real date and time";
  return null;
}

function parseAsListParam(key: ParamKey) {
  return createParser({
    parse: (raw: string): string | null => {
      const value = raw.trim();
      return value !== "" && checkListParam(key, value) === null ? value : null;
    },
    serialize: (value: string) => value,
  });
}

const parseAsPage = createParser({
  parse: (raw: string): number | null => (checkPageParam(raw.trim()) === null ? Number(raw.trim()) : null),
  serialize: (value: number) => String(value),
});

export const paymentsSearchParams = {
  page: parseAsPage.withDefault(1),
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
export type PaymentsSearchKey = keyof typeof paymentsSearchParams;
export type PaymentsFilterKey = Exclude<PaymentsSearchKey, "page">;

export const PAYMENTS_FILTER_KEYS = Object.keys(paymentsSearchParams).filter(
  (key): key is PaymentsFilterKey => key !== "page",
);

/** Server page loader (and anything else holding a URL, Request or searchParams record). */
export const loadPaymentsSearchParams = createLoader(paymentsSearchParams);

/** Builds `?status=sent&page=2` with defaults dropped, as the client's setter writes them. */
export const serializePaymentsSearchParams = createSerializer(paymentsSearchParams, { clearOnDefault: true });

/** Words for each parameter in notices and chips. */
export const PAYMENTS_PARAM_LABELS: Record<PaymentsSearchKey, string> = {
  page: "Page",
  registration_start_date: "Registered from",
  registration_end_date: "Registered to",
  payment_start_date: "Paid from",
  payment_end_date: "Paid to",
  receiver_name: "Receiver name",
  receiver_document: "Receiver document",
  status: "Status",
  reference_code: "Reference code",
  end_to_end: "End-to-end ID",
};

/** The list query of the current view: a date range with one end missing is left out whole. */
export function toListParams(values: PaymentsSearchValues): ListPaymentsParams {
  const out: ListPaymentsParams = { page: values.page };
  for (const key of PAYMENTS_FILTER_KEYS) {
    const value = values[key];
    if (value !== null) out[key] = value;
  }
  for (const [start, end] of DATE_PAIRS) {
    if (!out[start] || !out[end]) {
      delete out[start];
      delete out[end];
    }
  }
  return out;
}

export type IgnoredParam = { key: PaymentsSearchKey; label: string; value: string; reason: string };

type RawSearchParams = URLSearchParams | Record<string, string | string[] | undefined>;

function firstValue(raw: RawSearchParams, key: string): string | undefined {
  if (raw instanceof URLSearchParams) return raw.get(key) ?? undefined;
  const value = raw[key];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * What a pasted link asked for that the view cannot honour: values the contract refuses, and
 * date ranges with only one end (the provider answers 400 to those). Empty when all is well.
 */
export function findIgnoredSearchParams(raw: RawSearchParams): IgnoredParam[] {
  const ignored: IgnoredParam[] = [];
  const kept = new Set<PaymentsSearchKey>();
  for (const key of Object.keys(paymentsSearchParams) as PaymentsSearchKey[]) {
    const value = firstValue(raw, key)?.trim();
    if (value === undefined || value === "") continue;
    const reason = key === "page" ? checkPageParam(value) : checkListParam(key, value);
    if (reason === null) kept.add(key);
    else ignored.push({ key, label: PAYMENTS_PARAM_LABELS[key], value, reason });
  }
  for (const [start, end] of DATE_PAIRS) {
    if (kept.has(start) === kept.has(end)) continue;
    const present = kept.has(start) ? start : end;
    const missing = present === start ? end : start;
    ignored.push({
      key: present,
      label: PAYMENTS_PARAM_LABELS[present],
      value: firstValue(raw, present)?.trim() ?? "",
      reason: `a range needs both ends (${PAYMENTS_PARAM_LABELS[missing].toLowerCase()} is missing or invalid)`,
    });
  }
  return ignored;
}

/** Every key the view reads, set to null: spread over a patch to clear all filters. */
export function clearedPaymentsFilters(): { [K in PaymentsSearchKey]: null } {
  const out = {} as { [K in PaymentsSearchKey]: null };
  for (const key of Object.keys(paymentsSearchParams) as PaymentsSearchKey[]) out[key] = null;
  return out;
}
