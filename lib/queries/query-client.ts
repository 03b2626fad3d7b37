import { QueryClient, isServer } from "@tanstack/react-query";

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // With server prefetch, a short stale time avoids refetching right after hydration.
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => {
          const status = (error as { status?: number }).status ?? 0;
          // 4xx answers are final (not found, bad input, signed out): retrying cannot help.
          return status >= 500 && failures < 1;
        },
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/** One client per request on the server, one for the whole tab in the browser. */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}
