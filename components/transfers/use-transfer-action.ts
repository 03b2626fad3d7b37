"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { useStepUp } from "@/components/auth/step-up";
import { answerWith } from "@/lib/domain/answer";
import { apiPost } from "@/lib/domain/api-client";
import { transferQueries } from "@/lib/queries/transfers";
import type { transferDetailAnswer } from "@/lib/transfers/answers";
import { lookAgain } from "@/lib/queries/look-again";

const readTransfer = answerWith<z.output<typeof transferDetailAnswer>>({ transfer: "object" });

type TransferAction = "approve" | "reject" | "cancel" | "handled" | "release";

/**
 * Approve, reject, cancel or mark handled a request: one POST, then the request (and every list) is read
 * again. A second click while one is pending is ignored (the button is disabled too). An
 * approval the server holds for a step-up asks for the password and is sent again.
 */
export function useTransferAction(id: string, action: TransferAction) {
  const queryClient = useQueryClient();
  const withStepUp = useStepUp();
  return useMutation({
    mutationKey: ["transfers", action, id],
    mutationFn: (body: Record<string, unknown>) => withStepUp(() => apiPost(`/api/transfers/${encodeURIComponent(id)}/${action}`, body, readTransfer)),
    retry: false,
    onSuccess: (answer) => {
      queryClient.setQueryData(transferQueries.detail(id).queryKey, answer);
      void lookAgain(queryClient, transferQueries.all());
    },
  });
}
