import { isCalendarDay } from "@/lib/insights/buckets";
import { searchKey } from "@/lib/pix/text";

/**
 * The filters of the transfer list, as rules on text (client-safe, no zod): the /transfers URL
 * parsers (lib/search-params/transfers.ts) and the API's query schema (./query.ts) both judge a
 * value with these, so a pasted link and an API call are read the same way.
 */

/** A filter's value is text at most this long (a receiver's name, part of an e-mail). */
export const FILTER_TEXT_MAX = 100;
/** The highest amount a range may name: R$ 1.000.000,00, the limit of one transfer. */
const MAX_FILTER_CENTS = 100_000_000;
/** `cost_centre=none`: requests without a cost centre. */
export const NO_COST_CENTRE = "none";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

export { isCalendarDay };

/** Whole cents from 0 to the limit of one transfer, written as plain digits. */
export function isCentsFilter(value: string): boolean {
  return /^\d{1,12}$/.test(value) && Number(value) <= MAX_FILTER_CENTS;
}

export const isTextFilter = (value: string) => value.trim().length > 0 && value.trim().length <= FILTER_TEXT_MAX;

export const isCostCentreFilter = (value: string) => value === NO_COST_CENTRE || isUuid(value);

/**
 * What a receiver search compares: the name as searched (lower case, no accents: lib/pix
 * searchKey, the same key stored with each request) and, when the text is a document being
 * typed ("123.456", "12.345.678/0001"), its digits.
 */
export function receiverSearch(text: string): { key: string; digits: string | null } {
  const key = searchKey(text);
  const compact = text.replace(/[.\-/\s]/g, "").toUpperCase();
  return { key, digits: /^[0-9A-Z]*\d[0-9A-Z]*$/.test(compact) && /^\d/.test(compact) ? compact : null };
}
