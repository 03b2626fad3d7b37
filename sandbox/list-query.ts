import { parseListParam } from "@/lib/pix";
import { DATE_PAIRS, LIMITS, LIST_DATE_RE } from "./documented";
import { checkFields, type FieldRules } from "./field-rules";
import type { ListQuery, ListResult, PaymentIndex } from "./payment-index";
import { likePattern } from "./text-pattern";

/** What every list (payments, QR codes) takes first: the page and the two date ranges. */
export const PAGE_AND_DATES = {
  page: { type: "integer", greaterThan: 0, numericText: true },
  registration_start_date: { type: "string", pattern: LIST_DATE_RE },
  registration_end_date: { type: "string", pattern: LIST_DATE_RE },
  payment_start_date: { type: "string", pattern: LIST_DATE_RE },
  payment_end_date: { type: "string", pattern: LIST_DATE_RE },
} as const satisfies FieldRules;

/** A LIKE filter's text is taken as sent (its spaces are part of the pattern). */
export const likeText = (max: number) => ({ type: "string", max, keepSpaces: true }) as const;
export const likeDigits = (max: number) => ({ type: "string", max, pattern: /^\d+$/, keepSpaces: true }) as const;

/**
 * GET /v1/pix/payments parameters, in the documentation's order. `status` is documented with the
 * QR code values while payments carry the payment values: the sandbox passes any lower-case word
 * through (a value no payment has simply matches nothing).
 */
const PAYMENT_LIST_PARAMS = {
  ...PAGE_AND_DATES,
  receiver_name: likeText(LIMITS.name),
  receiver_document: likeDigits(LIMITS.document),
  status: { type: "string", pattern: /^[a-z_]{1,40}$/ },
  reference_code: likeText(LIMITS.referenceCode),
  end_to_end: likeText(LIMITS.endToEnd),
} as const satisfies FieldRules;

type ReadList =
  | { ok: true; params: Record<string, string | undefined>; page: number; registration?: [number, number]; payment?: [number, number] }
  | { ok: false; messages: string[] };

/**
 * Reads list query parameters. Empty values count as absent; the first value of a repeated
 * parameter wins; unknown ones are ignored. A date pair is all or nothing (`<end> required`).
 * Dates are Brazil time, both ends inclusive to the second (an end of 23:59:59 includes
 * 23:59:59.999). Shared by the payment and QR code lists.
 */
export function readListParams(search: URLSearchParams, rules: FieldRules): ReadList {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(rules)) {
    const v = search.get(key);
    if (v !== null && v !== "") raw[key] = v;
  }
  const checked = checkFields(raw, rules, () => false);
  const messages = checked.ok ? [] : [...checked.messages];
  for (const [start, end] of DATE_PAIRS) {
    if (raw[start] && !raw[end]) messages.push(`${end} required`);
    if (raw[end] && !raw[start]) messages.push(`${start} required`);
  }
  if (!checked.ok || messages.length) return { ok: false, messages: orderByRules(messages, rules) };
  const p = checked.values as Record<string, string | undefined> & { page?: number };
  const instant = (name: string): number | undefined => {
    const value = p[name];
    if (!value) return undefined;
    const d = parseListParam(value);
    if (!d) messages.push(`${name} invalid`);
    return d ? d.getTime() : undefined;
  };
  const regFrom = instant("registration_start_date");
  const regTo = instant("registration_end_date");
  const payFrom = instant("payment_start_date");
  const payTo = instant("payment_end_date");
  if (messages.length) return { ok: false, messages };
  return {
    ok: true,
    params: p,
    page: p.page ?? 1,
    registration: regFrom !== undefined && regTo !== undefined ? [regFrom, regTo + 999] : undefined,
    payment: payFrom !== undefined && payTo !== undefined ? [payFrom, payTo + 999] : undefined,
  };
}

function orderByRules(messages: string[], rules: FieldRules): string[] {
  const order = Object.keys(rules);
  const rank = (m: string) => order.indexOf(m.split(" ")[0]!);
  return messages.map((m, i) => [m, i] as const).sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1]).map(([m]) => m);
}

type ParsedList = { ok: true; filters: ListQuery } | { ok: false; messages: string[] };

/** Reads the payment list's query parameters. */
export function parseListQuery(search: URLSearchParams): ParsedList {
  const read = readListParams(search, PAYMENT_LIST_PARAMS);
  if (!read.ok) return read;
  const p = read.params;
  return {
    ok: true,
    filters: {
      page: read.page,
      registration: read.registration,
      payment: read.payment,
      status: p.status,
      name: p.receiver_name ? likePattern(p.receiver_name) : undefined,
      document: p.receiver_document ? likePattern(p.receiver_document) : undefined,
      reference: p.reference_code ? likePattern(p.reference_code) : undefined,
      endToEnd: p.end_to_end ? likePattern(p.end_to_end) : undefined,
    },
  };
}

/** Runs a parsed list query against the index. */
export function runListQuery(index: PaymentIndex, f: ListQuery): ListResult {
  return index.query(f);
}
