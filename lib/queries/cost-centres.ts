import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { answerWith } from "@/lib/domain/answer";
import type { costCentreListAnswer, costCentreTotalsAnswer } from "@/lib/cost-centres/answers";
import { apiGet } from "@/lib/domain/api-client";

// The browser reads our answers by their members, typed from the declared schemas (lib/domain/answer.ts).
const readList = answerWith<z.output<typeof costCentreListAnswer>>({ cost_centres: "array" });
const readTotals = answerWith<z.output<typeof costCentreTotalsAnswer>>({ totals: "array" });

/** Cost centres (the form's list, the admins' list) and what was paid per centre in a period. */
export const costCentreQueries = {
  all: () => ["cost-centres"] as const,
  list: (all = false) =>
    queryOptions({
      queryKey: [...costCentreQueries.all(), "list", all] as const,
      queryFn: ({ signal }) => apiGet(`/api/cost-centres${all ? "?all=true" : ""}`, readList, { signal }),
      staleTime: 60_000,
    }),
  paidTotals: (start: string, end: string) =>
    queryOptions({
      queryKey: [...costCentreQueries.all(), "paid", start, end] as const,
      queryFn: ({ signal }) =>
        apiGet(`/api/transfers/by-cost-centre?${new URLSearchParams({ start, end }).toString()}`, readTotals, { signal }),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
};
