import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { answerWith } from "@/lib/domain/answer";
import type { statementAnswerSchema } from "@/lib/statement/answer";
import { apiGet } from "@/lib/domain/api-client";
// Types only: the browser reads the answer by its members (lib/domain/answer.ts).
import type { StatementFormat, StatementPeriod } from "@/lib/statement/period-rules";

const readStatement = answerWith<z.output<typeof statementAnswerSchema>>({ movements: "array", totals: "object", counts: "object", balance: "object", balances: "object", meta: "object" });

/** `/api/statement?start=…&end=…` with a page past the first, or a file's format. */
export function statementUrl(period: StatementPeriod, extra: { page?: number; format?: StatementFormat } = {}): string {
  const search = new URLSearchParams({ start: period.start, end: period.end });
  if (extra.page && extra.page > 1) search.set("page", String(extra.page));
  if (extra.format) search.set("format", extra.format);
  return `/api/statement?${search}`;
}

/** Query keys and options of the statement: server prefetch and the client hook use these very keys. */
export const statementQueries = {
  all: () => ["statement"] as const,
  page: (period: StatementPeriod, page: number) =>
    queryOptions({
      queryKey: [...statementQueries.all(), period.start, period.end, page] as const,
      queryFn: ({ signal }) => apiGet(statementUrl(period, { page }), readStatement, { signal }),
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
};
