import { createLoader, type inferParserType } from "nuqs/server";
// Rules as data, not zod: this map runs in the browser too. The rules are the API's own (lib/charges/query.ts).
import { isCalendarDay, isCentsFilter, isTextFilter } from "@/lib/transfers/filters";
import { isChargeState } from "@/lib/charges/states";
import { parseAsCheckedParam, parseAsListPage } from "./list-url";

const problemUnless = (ok: (value: string) => boolean) => (value: string) => (ok(value) ? null : "refused");

/**
 * The one URL-state parser map of the /charges table: keys are GET /api/charges's own, so the
 * page URL and the API share one vocabulary. A value the API would refuse parses to null
 * (ignored). Shared by the server page loader and the client's useQueryStates.
 */
export const chargesSearchParams = {
  page: parseAsListPage.withDefault(1),
  state: parseAsCheckedParam(problemUnless(isChargeState)),
  payer: parseAsCheckedParam(problemUnless(isTextFilter)),
  min_cents: parseAsCheckedParam(problemUnless(isCentsFilter)),
  max_cents: parseAsCheckedParam(problemUnless(isCentsFilter)),
  due_from: parseAsCheckedParam(problemUnless(isCalendarDay)),
  due_to: parseAsCheckedParam(problemUnless(isCalendarDay)),
  paid_from: parseAsCheckedParam(problemUnless(isCalendarDay)),
  paid_to: parseAsCheckedParam(problemUnless(isCalendarDay)),
};

export type ChargesSearchValues = inferParserType<typeof chargesSearchParams>;
type ChargesFilterKey = Exclude<keyof typeof chargesSearchParams, "page">;
export const CHARGES_FILTER_KEYS = Object.keys(chargesSearchParams).filter((key): key is ChargesFilterKey => key !== "page");

export const loadChargesSearchParams = createLoader(chargesSearchParams);

/** The API query of a view: the set values only, in a stable order (the query key). */
export function toChargeListParams(values: ChargesSearchValues): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of CHARGES_FILTER_KEYS) {
    const value = values[key];
    if (value) params[key] = value;
  }
  if (values.page > 1) params.page = String(values.page);
  return params;
}
