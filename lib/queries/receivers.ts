import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { answerWith } from "@/lib/domain/answer";
import type { receiverListAnswer } from "@/lib/receivers/answers";
import { apiGet } from "@/lib/domain/api-client";

// The browser reads our answers by their members, typed from the declared schemas (lib/domain/answer.ts).
const readList = answerWith<z.output<typeof receiverListAnswer>>({ receivers: "array" });

/**
 * Saved receivers: the whole list (a company keeps tens to hundreds), searched in the browser with
 * the server's own rule (lib/receivers/search.ts) as people type, so suggestions need no round trip.
 */
export const receiverQueries = {
  all: () => ["receivers"] as const,
  list: () =>
    queryOptions({
      queryKey: [...receiverQueries.all(), "list"] as const,
      queryFn: ({ signal }) => apiGet("/api/receivers", readList, { signal }),
      staleTime: 30_000,
    }),
};
