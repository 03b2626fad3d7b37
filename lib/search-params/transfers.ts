import { createLoader, createParser, createSerializer, parseAsArrayOf, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { isStorePage } from "@/lib/domain/pages";
import { isCalendarDay, isCentsFilter, isCostCentreFilter, isTextFilter, isUuid } from "@/lib/transfers/filters";
import { TRANSFER_STATES, type TransferState } from "@/lib/transfers/states";
import { TRANSFER_VIEWS, viewStates, type TransferView } from "@/lib/transfers/views";
import { parseAsCheckedParam } from "./list-url";

/**
 * The one URL-state parser map of /transfers: the view (a tab), the page, and the filters, by the
 * list API's own names (`?view=paid&receiver=jose&cost_centre=...&min_cents=10000`), so a pasted
 * link or a reload gives the same rows. A value the filter rules (lib/transfers/filters.ts) refuse
 * parses to null (ignored). Shared by the page and `useQueryStates(..., { clearOnDefault: true })`.
 */
const parseAsCents = createParser({
  parse: (raw: string): number | null => (isCentsFilter(raw.trim()) ? Number(raw.trim()) : null),
  serialize: (value: number) => String(value),
});

const parseAsStorePage = createParser({
  parse: (raw: string): number | null => (isStorePage(raw.trim()) ? Number(raw.trim()) : null),
  serialize: (value: number) => String(value),
});

export const transfersSearchParams = {
  view: parseAsStringLiteral(TRANSFER_VIEWS).withDefault("all"),
  page: parseAsStorePage.withDefault(1),
  /** Only the rows of this batch. */
  batch: parseAsCheckedParam((v) => (isUuid(v) ? null : "batch")),
  state: parseAsArrayOf(parseAsStringLiteral(TRANSFER_STATES), ","),
  maker: parseAsCheckedParam((v) => (isTextFilter(v) ? null : "text")),
  receiver: parseAsCheckedParam((v) => (isTextFilter(v) ? null : "text")),
  cost_centre: parseAsCheckedParam((v) => (isCostCentreFilter(v) ? null : "costCentre")),
  min_cents: parseAsCents,
  max_cents: parseAsCents,
  created_from: parseAsCheckedParam((v) => (isCalendarDay(v) ? null : "day")),
  created_to: parseAsCheckedParam((v) => (isCalendarDay(v) ? null : "day")),
};

export type TransfersSearchValues = inferParserType<typeof transfersSearchParams>;
export const loadTransfersSearchParams = createLoader(transfersSearchParams);
export const serializeTransfersSearchParams = createSerializer(transfersSearchParams, { clearOnDefault: true });

/** The filters a person set (not the view or the page): what "Clear filters" empties. */
export const TRANSFER_FILTER_KEYS = ["state", "maker", "receiver", "cost_centre", "min_cents", "max_cents", "created_from", "created_to"] as const;

/**
 * The states asked for: the view's (a tab), narrowed by the state filter when it names some of
 * them. A filter naming none of the view's states (a link pasted from elsewhere) is not applied.
 */
export function effectiveStates(view: TransferView, filter: readonly TransferState[] | null): TransferState[] | null {
  const ofView = viewStates(view);
  if (!filter?.length) return ofView;
  if (!ofView) return [...filter];
  const both = filter.filter((s) => ofView.includes(s));
  return both.length ? both : ofView;
}

/** The query string of GET /api/transfers for what the URL says (the API reads the same names). */
export function transfersApiQuery(values: TransfersSearchValues): string {
  const search = new URLSearchParams();
  if (values.batch) search.set("batch", values.batch);
  if (values.view === "inbox") search.set("scope", "inbox");
  if (values.view === "attention") search.set("attention", "true");
  const states = effectiveStates(values.view, values.state);
  if (states) search.set("state", states.join(","));
  for (const key of ["maker", "receiver", "cost_centre", "created_from", "created_to"] as const) {
    const value = values[key];
    if (value) search.set(key, value);
  }
  if (values.min_cents !== null) search.set("min_cents", String(values.min_cents));
  if (values.max_cents !== null) search.set("max_cents", String(values.max_cents));
  if (values.page > 1) search.set("page", String(values.page));
  const text = search.toString();
  return text ? `?${text}` : "";
}
