import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { answerWith } from "@/lib/domain/answer";
import type { chargeAgingAnswer, chargeAnswer, chargeListAnswer, chargesReceivedAnswer } from "@/lib/charges/answers";
import { apiGet } from "@/lib/domain/api-client";

// The browser reads our answers by their members, typed from the declared schemas (lib/domain/answer.ts).
const readList = answerWith<z.output<typeof chargeListAnswer>>({ charges: "array", meta: "object" });
const readOne = answerWith<z.output<typeof chargeAnswer>>({ charge: "object" });
const readAging = answerWith<z.output<typeof chargeAgingAnswer>>({ aging: "object" });
const readReceived = answerWith<z.output<typeof chargesReceivedAnswer>>({ received: "object" });

/** Query keys and options of charges, shared by server prefetch and client hooks. */
export const chargeQueries = {
  all: () => ["charges"] as const,
  list: (params: Record<string, string>) =>
    queryOptions({
      queryKey: [...chargeQueries.all(), "list", params] as const,
      queryFn: ({ signal }) => apiGet(`/api/charges${Object.keys(params).length ? `?${new URLSearchParams(params)}` : ""}`, readList, { signal }),
    }),
  /** Due today, overdue, paid this month: the figures above the list, whatever its filters. */
  aging: () =>
    queryOptions({
      queryKey: [...chargeQueries.all(), "aging"] as const,
      queryFn: ({ signal }) => apiGet("/api/charges/aging", readAging, { signal }),
    }),
  /** Money in between two Brazil days (the overview's card). */
  received: (start: string, end: string) =>
    queryOptions({
      queryKey: [...chargeQueries.all(), "received", start, end] as const,
      queryFn: ({ signal }) => apiGet(`/api/charges/received?${new URLSearchParams({ start, end })}`, readReceived, { signal }),
      staleTime: 30_000,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...chargeQueries.all(), "detail", id] as const,
      queryFn: ({ signal }) => apiGet(`/api/charges/${encodeURIComponent(id)}`, readOne, { signal }),
      // While money may still come in, the page looks again on its own (a payment turns it paid).
      refetchInterval: (query) => (query.state.data?.charge.state === "awaiting_payment" || query.state.data?.charge.state === "creating" ? 5_000 : false),
    }),
};
