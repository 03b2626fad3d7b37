"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { approvalsPreviewAnswer } from "@/lib/transfers/answers";
import { apiGet } from "@/lib/domain/api-client";

const readNeed = answerParsedBy(approvalsPreviewAnswer);

/** What is typed so far of where the money goes (any part may be missing yet). */
export type TypedDestination = {
  receiver_document?: string | null;
  initiation_type?: string | null;
  pix_key_type?: string | null;
  pix_key?: string | null;
  receiver_bank_ispb?: string | null;
  receiver_agency?: string | null;
  receiver_account?: string | null;
};

/** The parts worth asking about: a complete document, a key with its type, a whole bank account. */
function destinationParams(d: TypedDestination): Record<string, string> {
  const params: Record<string, string> = {};
  const document = d.receiver_document?.replace(/[.\-/\s]/g, "").toUpperCase();
  if (document && /^[0-9A-Z]{11,14}$/.test(document)) params.receiver_document = document;
  if (d.initiation_type === "manual") {
    if (/^\d{8}$/.test(d.receiver_bank_ispb ?? "") && /^\d{1,4}$/.test(d.receiver_agency ?? "") && /^\d{1,20}$/.test(d.receiver_account ?? "")) {
      Object.assign(params, { initiation_type: "manual", receiver_bank_ispb: d.receiver_bank_ispb!, receiver_agency: d.receiver_agency!, receiver_account: d.receiver_account! });
    }
  } else if (d.pix_key_type && d.pix_key?.trim()) {
    Object.assign(params, { pix_key_type: d.pix_key_type, pix_key: d.pix_key.trim() });
  }
  return params;
}

/**
 * The approvals a transfer the signed-in maker is typing would need, asked of the server as soon
 * as the amount can be read: the policy's tiers on the amount and on what this maker already sent
 * this destination (document, Pix key or account) in the last 24 hours (the rule lives in
 * lib/transfers/server/receiver-window.ts only).
 */
export function useApprovalNeed(valueCents: number | undefined, destination: TypedDestination) {
  const params = destinationParams(destination);
  return useQuery({
    queryKey: ["transfers", "approval-need", valueCents ?? 0, params] as const,
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ value_cents: String(valueCents ?? 0), ...params });
      return apiGet(`/api/transfers/approvals-preview?${search}`, readNeed, { signal });
    },
    enabled: valueCents !== undefined && valueCents > 0,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
