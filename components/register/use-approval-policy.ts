"use client";

import { useQuery } from "@tanstack/react-query";
import { answerWith } from "@/lib/domain/answer";
import { apiGet } from "@/lib/domain/api-client";
import type { ApprovalPolicy } from "@/lib/transfers/policy";

const readPolicy = answerWith<{ policy: ApprovalPolicy & { changed_by: string | null; changed_at: string | null } }>({ policy: "object" });

export const approvalPolicyQuery = {
  queryKey: ["settings", "approvals"] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet("/api/settings/approvals", readPolicy, { signal }),
  staleTime: 60_000,
};

/** The approval policy in force (what a transfer of a given value will need), or undefined while it loads. */
export function useApprovalPolicy() {
  return useQuery(approvalPolicyQuery);
}
