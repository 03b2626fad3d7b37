"use client";

import type { QueryClient } from "@tanstack/react-query";
import { transferQueries } from "@/lib/queries/transfers";
import type { TransferRequest } from "@/lib/transfers/types";

/**
 * Where the phone goes after a decision: the next request still waiting for this person (the
 * inbox as the server answers it now, the oldest first, never the one just decided or another
 * occurrence of its series), or null when nothing else waits.
 */
export async function nextInboxHref(queryClient: QueryClient, decided: Pick<TransferRequest, "id" | "series_id">): Promise<string | null> {
  const list = await queryClient.fetchQuery({ ...transferQueries.list("?scope=inbox"), staleTime: 0 });
  const next = [...list.transfers]
    .reverse()
    .find((r) => r.id !== decided.id && r.state === "awaiting_approval" && !r.batch_id && (!decided.series_id || r.series_id !== decided.series_id));
  return next ? `/transfers/${encodeURIComponent(next.id)}/decide` : null;
}
