import { createParser } from "nuqs/server";
// Rules as data, not zod: these run in the browser too (see payments.ts).
import { DATE_PAIRS, checkPageParam } from "@/lib/contract/list-rules";

/**
 * What the URL-state parser maps of the provider lists (payments.ts, qrcodes.ts) share: the
 * page, a text parameter checked by its list's rule, the date pairs, and reading a raw value.
 */

/** `page`: a whole number from 1 to MAX_LIST_PAGE (`checkPageParam`); anything else is ignored. */
export const parseAsListPage = createParser({
  parse: (raw: string): number | null => (checkPageParam(raw.trim()) === null ? Number(raw.trim()) : null),
  serialize: (value: number) => String(value),
});

/** A text parameter, trimmed, kept only when `problem` finds nothing wrong with it. */
export function parseAsCheckedParam(problem: (value: string) => unknown) {
  return createParser({
    parse: (raw: string): string | null => {
      const value = raw.trim();
      return value !== "" && problem(value) === null ? value : null;
    },
    serialize: (value: string) => value,
  });
}

type DateParams = { [K in (typeof DATE_PAIRS)[number][number]]?: string };

/** The list query of a view: a date range with one end missing is left out whole (the provider answers 400). */
export function withoutHalfRanges<T extends DateParams>(params: T): T {
  for (const [start, end] of DATE_PAIRS) {
    if (!params[start] || !params[end]) {
      delete params[start];
      delete params[end];
    }
  }
  return params;
}

export type RawSearchParams = URLSearchParams | Record<string, string | string[] | undefined>;

/** A parameter's first value, trimmed. */
export function firstValue(raw: RawSearchParams, key: string): string | undefined {
  const value = raw instanceof URLSearchParams ? raw.get(key) ?? undefined : raw[key];
  return (Array.isArray(value) ? value[0] : value)?.trim();
}
