import { createLoader, parseAsInteger, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { EVENT_RESULT_FILTERS } from "./schema";

/**
 * URL state of /events (imported from "nuqs/server": shared by the server page and the
 * client's `useQueryStates(eventLogSearchParams, { clearOnDefault: true })`).
 */
export const eventLogSearchParams = {
  payment: parseAsString.withDefault(""),
  result: parseAsStringLiteral(EVENT_RESULT_FILTERS),
  page: parseAsInteger.withDefault(1),
};

export const loadEventLogSearchParams = createLoader(eventLogSearchParams);
