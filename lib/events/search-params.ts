import { createLoader, createParser, parseAsStringLiteral } from "nuqs/server";
import { isStorePage } from "@/lib/domain/pages";
import { EVENT_KINDS, EVENT_RESULT_FILTERS } from "./names";

/** Page numbers the log answers (GET /api/events/log refuses others). */
const parseAsPage = createParser({
  parse: (raw: string) => (isStorePage(raw.trim()) ? Number(raw.trim()) : null),
  serialize: (page: number) => String(page),
});

/** The payment filter: an idempotent_id or reference code, at most 200 characters. */
const parseAsPaymentFilter = createParser({
  parse: (raw: string) => (raw.trim().length <= 200 ? raw.trim() : null),
  serialize: (value: string) => value,
});

/**
 * URL state of /events (imported from "nuqs/server": shared by the server page and the
 * client's `useQueryStates(eventLogSearchParams, { clearOnDefault: true })`).
 */
export const eventLogSearchParams = {
  payment: parseAsPaymentFilter.withDefault(""),
  result: parseAsStringLiteral(EVENT_RESULT_FILTERS),
  kind: parseAsStringLiteral(EVENT_KINDS),
  page: parseAsPage.withDefault(1),
};

export const loadEventLogSearchParams = createLoader(eventLogSearchParams);
