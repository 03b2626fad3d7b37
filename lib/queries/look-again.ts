import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * After a change (ours or one a live event told us of): the queries under `queryKey` are stale,
 * and those on screen are fetched again.
 *
 * `invalidateQueries` alone is not enough. When a query's first load is still in flight it does
 * not start another: it waits for that one (TanStack Query reuses an in-flight fetch while the
 * query has no data yet). That answer may have been read before the change was written, so a
 * list loaded as the page opened would miss the row just created, and keep missing it. So such
 * a query is fetched once more when its first load is in. (Cancelling the first load instead
 * would keep a page blank for as long as live events keep coming.)
 */
export async function lookAgain(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  const firstLoadInFlight = queryClient
    .getQueryCache()
    .findAll({ queryKey, fetchStatus: "fetching" })
    .some((query) => query.state.data === undefined);
  await queryClient.invalidateQueries({ queryKey });
  if (firstLoadInFlight) await queryClient.invalidateQueries({ queryKey });
}
