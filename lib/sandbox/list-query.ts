import { DATE_PAIRS, LIMITS, listPaymentsParamsSchema } from "@/lib/contract";
import { parseListParam } from "@/lib/pix";
import type { PaymentIndex } from "./payment-index";
import type { PaymentRecord } from "./types";
import { providerMessages } from "./validation";

type Matcher = (lowerCased: string) => boolean;

export interface ListFilters {
  page: number;
  registration?: [number, number];
  payment?: [number, number];
  status?: string;
  name?: Matcher;
  document?: Matcher;
  reference?: Matcher;
  endToEnd?: Matcher;
}

const PARAM_ORDER = [
  "page",
  "registration_start_date",
  "registration_end_date",
  "payment_start_date",
  "payment_end_date",
  "receiver_name",
  "receiver_document",
  "status",
  "reference_code",
  "end_to_end",
] as const;

/**
 * LIKE-style, case-insensitive "contains" (`%value%`): `%` and `_` inside the value act as
 * SQL wildcards, `\` escapes them, as the provider's ILIKE would.
 */
export function likeMatcher(value: string): Matcher {
  const needle = value.toLowerCase();
  if (!/[%_\\]/.test(needle)) return (s) => s.includes(needle);
  let source = "";
  for (let i = 0; i < needle.length; i++) {
    const c = needle[i]!;
    if (c === "\\" && i + 1 < needle.length) source += escapeRegex(needle[++i]!);
    else if (c === "%") source += "[\\s\\S]*";
    else if (c === "_") source += "[\\s\\S]";
    else source += escapeRegex(c);
  }
  const re = new RegExp(source);
  return (s) => re.test(s);
}

function escapeRegex(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

export type ParsedList = { ok: true; filters: ListFilters } | { ok: false; messages: string[] };

/**
 * Reads list query parameters with the contract schema. Empty values count as absent; the
 * first value of a repeated parameter wins. Dates are Brazil time, both ends inclusive to
 * the second (an end of 23:59:59 includes 23:59:59.999).
 */
export function parseListQuery(search: URLSearchParams): ParsedList {
  const raw: Record<string, string> = {};
  for (const key of PARAM_ORDER) {
    const v = search.get(key);
    if (v !== null && v !== "") raw[key] = v;
  }
  const messages: string[] = [];
  const parsed = listPaymentsParamsSchema.safeParse(raw);
  if (!parsed.success) {
    // A numeric page text is judged as the number it spells ("1.5" is not an integer).
    const numericPage = raw.page !== undefined && Number.isFinite(Number(raw.page)) ? Number(raw.page) : raw.page;
    messages.push(...providerMessages(parsed.error.issues, { ...raw, page: numericPage }, PARAM_ORDER));
  }
  for (const [start, end] of DATE_PAIRS) {
    if (raw[start] && !raw[end] && !messages.includes(`${end} required`)) messages.push(`${end} required`);
    if (raw[end] && !raw[start] && !messages.includes(`${start} required`)) messages.push(`${start} required`);
  }
  if (!parsed.success || messages.length) return { ok: false, messages };
  const p = parsed.data;
  const instant = (name: (typeof PARAM_ORDER)[number], value: string | undefined): number | undefined => {
    if (!value) return undefined;
    const d = parseListParam(value);
    if (!d) messages.push(`${name} invalid`);
    return d ? d.getTime() : undefined;
  };
  const regFrom = instant("registration_start_date", p.registration_start_date);
  const regTo = instant("registration_end_date", p.registration_end_date);
  const payFrom = instant("payment_start_date", p.payment_start_date);
  const payTo = instant("payment_end_date", p.payment_end_date);
  const registration: [number, number] | undefined =
    regFrom !== undefined && regTo !== undefined ? [regFrom, regTo + 999] : undefined;
  const payment: [number, number] | undefined =
    payFrom !== undefined && payTo !== undefined ? [payFrom, payTo + 999] : undefined;
  if (messages.length) return { ok: false, messages };
  return {
    ok: true,
    filters: {
      page: p.page ?? 1,
      registration,
      payment,
      status: p.status,
      name: p.receiver_name ? likeMatcher(p.receiver_name) : undefined,
      document: p.receiver_document ? likeMatcher(p.receiver_document) : undefined,
      reference: p.reference_code ? likeMatcher(p.reference_code) : undefined,
      endToEnd: p.end_to_end ? likeMatcher(p.end_to_end) : undefined,
    },
  };
}

export interface ListResult {
  items: PaymentRecord[];
  totalItems: number;
  totalValueCents: number;
  totalPages: number;
  page: number;
}

/** One pass over the (range-narrowed) newest-first rows: totals over all pages, one page kept. */
export function runListQuery(index: PaymentIndex, f: ListFilters): ListResult {
  const rows = index.all();
  const [lo, hi] = f.registration ? index.registrationRange(f.registration[0], f.registration[1]) : [0, rows.length];
  const pageSize = LIMITS.pageSize;
  const offset = (f.page - 1) * pageSize;
  const { status, payment, name, document, reference, endToEnd } = f;
  const payFrom = payment ? payment[0] : 0;
  const payTo = payment ? payment[1] : 0;
  const items: PaymentRecord[] = [];
  let total = 0;
  let sum = 0;
  for (let i = lo; i < hi; i++) {
    const r = rows[i]!;
    if (status !== undefined && r.status !== status) continue;
    if (payment && (r.paidAt === null || r.paidAt < payFrom || r.paidAt > payTo)) continue;
    if (name && !name(r.lcName)) continue;
    if (document && !document(r.lcDocument)) continue;
    if (reference && !reference(r.lcReference)) continue;
    if (endToEnd && !endToEnd(r.lcEndToEnd)) continue;
    if (total >= offset && items.length < pageSize) items.push(r);
    total++;
    sum += r.value_cents;
  }
  return {
    items,
    totalItems: total,
    totalValueCents: sum,
    // The contract documents total_pages > 0: an empty result is one empty page.
    totalPages: Math.max(1, Math.ceil(total / pageSize)),
    page: f.page,
  };
}
