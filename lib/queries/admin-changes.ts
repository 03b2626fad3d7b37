import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { answerWith } from "@/lib/domain/answer";
import type { pendingChangesAnswer } from "@/lib/admin-changes/answers";
import { apiGet } from "@/lib/domain/api-client";

const readList = answerWith<z.output<typeof pendingChangesAnswer>>({ pending: "array", decided: "array" });

/** Changes waiting for a second admin (shown on /users and /settings/approvals). */
export const adminChangeQueries = {
  all: () => ["admin-changes"] as const,
  list: () =>
    queryOptions({
      queryKey: [...adminChangeQueries.all(), "list"] as const,
      queryFn: ({ signal }) => apiGet("/api/admin/pending-changes", readList, { signal }),
      staleTime: 5_000,
    }),
};
