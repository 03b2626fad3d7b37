"use client";

import { useQuery } from "@tanstack/react-query";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { policyAnswer } from "@/lib/transfers/answers";
import { apiGet } from "@/lib/domain/api-client";

const readPolicy = answerParsedBy(policyAnswer);

export const approvalPolicyQuery = {
  queryKey: ["settings", "approvals"] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet("/api/settings/approvals", readPolicy, { signal }),
  staleTime: 60_000,
};

/** The approval policy in force (what a transfer of a given value will need), or undefined while it loads. */
export function useApprovalPolicy() {
  return useQuery(approvalPolicyQuery);
}
