import type { z } from "zod";
import { DATE_PAIRS, listPaymentsParamsSchema } from "@/lib/contract";
import { parseListParam } from "@/lib/pix";
import type { ListQuery, ListResult, PaymentIndex } from "./payment-index";
import { likePattern } from "./text-pattern";
import { providerMessages } from "./validation";

type ListFilters = ListQuery;

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

/** What every list (payments, QR codes) shares: the page and the two date ranges. */
type DatePairParams = {
  page?: number;
  registration_start_date?: string;
  registration_end_date?: string;
  payment_start_date?: string;
  payment_end_date?: string;
};

type ReadList<T> =
  | { ok: true; params: T; page: number; registration?: [number, number]; payment?: [number, number] }
  | { ok: false; messages: string[] };

/**
 * Reads list query parameters with a contract schema. Empty values count as absent; the
 * first value of a repeated parameter wins. Dates are Brazil time, both ends inclusive to
 * the second (an end of 23:59:59 includes 23:59:59.999). Shared by the payment and QR code lists.
 */
export function readListParams<T extends DatePairParams>(
  search: URLSearchParams,
  order: readonly string[],
  schema: z.ZodType<T>,
): ReadList<T> {
  const raw: Record<string, string> = {};
  for (const key of order) {
    const v = search.get(key);
    if (v !== null && v !== "") raw[key] = v;
  }
  const messages: string[] = [];
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    // A numeric page text is judged as the number it spells ("1.5" is not an integer).
    const numericPage = raw.page !== undefined && Number.isFinite(Number(raw.page)) ? Number(raw.page) : raw.page;
    messages.push(...providerMessages(parsed.error.issues, { ...raw, page: numericPage }, order));
  }
  for (const [start, end] of DATE_PAIRS) {
    if (raw[start] && !raw[end] && !messages.includes(`${end} required`)) messages.push(`${end} required`);
    if (raw[end] && !raw[start] && !messages.includes(`${start} required`)) messages.push(`${start} required`);
  }
  if (!parsed.success || messages.length) return { ok: false, messages };
  const p = parsed.data;
  const instant = (name: string, value: string | undefined): number | undefined => {
    if (!value) return undefined;
    const d = parseListParam(value);
    if (!d) messages.push(`${name} invalid`);
    return d ? d.getTime() : undefined;
  };
  const regFrom = instant("registration_start_date", p.registration_start_date);
  const regTo = instant("registration_end_date", p.registration_end_date);
  const payFrom = instant("payment_start_date", p.payment_start_date);
  const payTo = instant("payment_end_date", p.payment_end_date);
  if (messages.length) return { ok: false, messages };
  return {
    ok: true,
    params: p,
    page: p.page ?? 1,
    registration: regFrom !== undefined && regTo !== undefined ? [regFrom, regTo + 999] : undefined,
    payment: payFrom !== undefined && payTo !== undefined ? [payFrom, payTo + 999] : undefined,
  };
}

type ParsedList = { ok: true; filters: ListFilters } | { ok: false; messages: string[] };

/** Reads the payment list's query parameters. */
export function parseListQuery(search: URLSearchParams): ParsedList {
  const read = readListParams(search, PARAM_ORDER, listPaymentsParamsSchema);
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
export function runListQuery(index: PaymentIndex, f: ListFilters): ListResult {
  return index.query(f);
}
