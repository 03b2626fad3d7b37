import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { answerWith } from "@/lib/domain/answer";
import type { transferDetailAnswer, transferListAnswer } from "@/lib/transfers/answers";
import type { countAnswer } from "@/lib/domain/answer-fields";
import { apiGet } from "@/lib/domain/api-client";

const readList = answerWith<z.output<typeof transferListAnswer>>({ transfers: "array", meta: "object" });
const readDetail = answerWith<z.output<typeof transferDetailAnswer>>({ transfer: "object" });
const readInbox = answerWith<z.output<typeof countAnswer>>({ count: "number" });

/** Query keys and options of transfer requests. Live `transfer` events invalidate `all()`. */
export const transferQueries = {
  all: () => ["transfers"] as const,
  /** A page of the list for a query string of GET /api/transfers (lib/search-params/transfers.ts `transfersApiQuery`). */
  list: (apiQuery: string) =>
    queryOptions({
      queryKey: [...transferQueries.all(), "list", apiQuery] as const,
      queryFn: ({ signal }) => apiGet(`/api/transfers${apiQuery}`, readList, { signal }),
      placeholderData: keepPreviousData,
      staleTime: 5_000,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...transferQueries.all(), "detail", id] as const,
      queryFn: ({ signal }) => apiGet(`/api/transfers/${encodeURIComponent(id)}`, readDetail, { signal }),
      staleTime: 2_000,
    }),
  attentionCount: () =>
    queryOptions({
      queryKey: [...transferQueries.all(), "attention-count"] as const,
      queryFn: ({ signal }) => apiGet("/api/transfers/attention", readInbox, { signal }),
      staleTime: 10_000,
    }),
  inbox: () =>
    queryOptions({
      queryKey: [...transferQueries.all(), "inbox"] as const,
      queryFn: ({ signal }) => apiGet("/api/transfers/inbox", readInbox, { signal }),
      staleTime: 10_000,
    }),
};
