"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { approvalsPreviewAnswer } from "@/lib/transfers/answers";
import { apiGet } from "@/lib/domain/api-client";

const readNeed = answerParsedBy(approvalsPreviewAnswer);

/**
 * The approvals a transfer the signed-in maker is typing would need, asked of the server as soon
 * as the amount can be read: the policy's tiers on the amount and on what this maker already sent
 * this receiver in the last 24 hours (the rule lives in lib/transfers/receiver-window.ts only).
 */
export function useApprovalNeed(valueCents: number | undefined, receiverDocument: string | null) {
  const document = receiverDocument && /^[0-9A-Z]{11,14}$/.test(receiverDocument) ? receiverDocument : null;
  return useQuery({
    queryKey: ["transfers", "approval-need", valueCents ?? 0, document] as const,
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ value_cents: String(valueCents ?? 0) });
      if (document) search.set("receiver_document", document);
      return apiGet(`/api/transfers/approvals-preview?${search}`, readNeed, { signal });
    },
    enabled: valueCents !== undefined && valueCents > 0,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
