"use client";

import { answerParsedBy } from "@/lib/domain/answer-schema";
import { policyAnswer } from "@/lib/transfers/answers";
import { apiGet } from "@/lib/domain/api-client";

const readPolicy = answerParsedBy(policyAnswer);

/** The approval policy in force, as the policy editor and the pending changes read and refresh it. */
export const approvalPolicyQuery = {
  queryKey: ["settings", "approvals"] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet("/api/settings/approvals", readPolicy, { signal }),
  staleTime: 60_000,
};
