import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { answerWith } from "@/lib/domain/answer";
import type { receiverListAnswer } from "@/lib/receivers/answers";
import { apiGet } from "@/lib/domain/api-client";
// Types only: the browser reads our answers by their members (lib/domain/answer.ts).
import type { SavedReceiver } from "@/lib/receivers/types";

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
