"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answerWith } from "@/lib/domain/answer";
import { apiPost } from "@/lib/domain/api-client";
import { transferQueries } from "@/lib/queries/transfers";
import type { TransferDetail } from "@/lib/transfers/types";

const readTransfer = answerWith<{ transfer: TransferDetail }>({ transfer: "object" });

type TransferAction = "approve" | "reject" | "cancel" | "handled";

/**
 * Approve, reject, cancel or mark handled a request: one POST, then the request (and every list) is read
 * again. A second click while one is pending is ignored (the button is disabled too).
 */
export function useTransferAction(id: string, action: TransferAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["transfers", action, id],
    mutationFn: (body: Record<string, unknown>) => apiPost(`/api/transfers/${encodeURIComponent(id)}/${action}`, body, readTransfer),
    retry: false,
    onSuccess: (answer) => {
      queryClient.setQueryData(transferQueries.detail(id).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: transferQueries.all() });
    },
  });
}
