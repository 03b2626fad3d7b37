import { queryOptions } from "@tanstack/react-query";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { apiGet } from "@/lib/domain/api-client";
import { lookupAnswerSchema } from "./result";

// The lookup dialog loads on first use; its answer is parsed whole (it is a union of outcomes).
const readLookup = answerParsedBy(lookupAnswerSchema);

/** GET /api/lookup for a pasted text (the server detects what it is and tries each reading). */
export function fetchLookup(query: string, signal?: AbortSignal) {
  return apiGet(`/api/lookup?q=${encodeURIComponent(query)}`, readLookup, { signal });
}

const lookupQueries = {
  all: () => ["lookup"] as const,
  run: (query: string) =>
    queryOptions({
      queryKey: [...lookupQueries.all(), query] as const,
      queryFn: ({ signal }) => fetchLookup(query, signal),
      // A lookup answers "what is there now": never serve an old answer.
      staleTime: 0,
      gcTime: 60_000,
    }),
};
