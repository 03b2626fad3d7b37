import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { answerWith } from "@/lib/domain/answer";
import type { batchDetailAnswer, batchListAnswer } from "@/lib/batches/answers";
import { apiGet } from "@/lib/domain/api-client";

const readList = answerWith<z.output<typeof batchListAnswer>>({ batches: "array", meta: "object" });
const readDetail = answerWith<z.output<typeof batchDetailAnswer>>({ batch: "object", rows: "array" });

/** Query keys and options of batches. The detail is read again every 2 s while rows are being sent. */
export const batchQueries = {
  all: () => ["batches"] as const,
  list: (page: number) =>
    queryOptions({
      queryKey: [...batchQueries.all(), "list", page] as const,
      queryFn: ({ signal }) => apiGet(`/api/batches${page > 1 ? `?page=${page}` : ""}`, readList, { signal }),
      placeholderData: keepPreviousData,
      staleTime: 5_000,
    }),
  /** The batches waiting for the signed-in approver's decision (each one item of "Aguardando você"). */
  inbox: () =>
    queryOptions({
      queryKey: [...batchQueries.all(), "inbox"] as const,
      queryFn: ({ signal }) => apiGet("/api/batches?scope=inbox", readList, { signal }),
      staleTime: 5_000,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...batchQueries.all(), "detail", id] as const,
      queryFn: ({ signal }) => apiGet(`/api/batches/${encodeURIComponent(id)}`, readDetail, { signal }),
      staleTime: 1_000,
    }),
};
