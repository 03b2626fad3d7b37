import { queryOptions } from "@tanstack/react-query";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { apiGet } from "@/lib/domain/api-client";
import { brCodeAnswer } from "./answer";

const readBrCode = answerParsedBy(brCodeAnswer);

/** GET /api/brcode/decode for a pasted Pix Copia e Cola: the same text always reads the same. */
export const brCodeQueries = {
  all: () => ["brcode"] as const,
  decode: (code: string) =>
    queryOptions({
      queryKey: [...brCodeQueries.all(), code] as const,
      queryFn: ({ signal }) => apiGet(`/api/brcode/decode?code=${encodeURIComponent(code)}`, readBrCode, { signal }),
      staleTime: Infinity,
      retry: false,
    }),
};
