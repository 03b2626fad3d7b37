import { createLoader, createParser } from "nuqs/server";
import { resolveDatePreset } from "@/lib/pix/date-presets";
import { isStatementDay, periodProblem, type StatementPeriod } from "@/lib/statement/period-rules";
import { parseAsListPage } from "./list-url";

/**
 * The one URL-state parser map of /statement: `start` and `end` as YYYY-MM-DD (a day that is no
 * day is ignored), `page` from 1. Shared by the server page loader and the client's useQueryStates.
 */
const parseAsStatementDay = createParser({
  parse: (raw: string): string | null => (isStatementDay(raw.trim()) ? raw.trim() : null),
  serialize: (value: string) => value,
});

export const statementSearchParams = {
  start: parseAsStatementDay,
  end: parseAsStatementDay,
  page: parseAsListPage.withDefault(1),
};

export const loadStatementSearchParams = createLoader(statementSearchParams);

/** This month so far (Brazil days): the period shown when the URL names none. */
export function defaultStatementPeriod(now: Date): StatementPeriod {
  const { start, end } = resolveDatePreset("thisMonth", now);
  return { start: start.slice(0, 10), end: end.slice(0, 10) };
}

/** The URL's period when it is one the API takes (both days, in order, not too long), else the default. */
export function statementPeriodOf(values: { start: string | null; end: string | null }, now: Date): StatementPeriod {
  const { start, end } = values;
  return start && end && periodProblem(start, end) === null ? { start, end } : defaultStatementPeriod(now);
}
