"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useStepUp } from "@/components/auth/step-up";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { batchAnswer, batchDiscardedAnswer } from "@/lib/batches/answers";
import { apiDelete, apiPost } from "@/lib/domain/api-client";
import { batchQueries } from "@/lib/queries/batches";
import { transferQueries } from "@/lib/queries/transfers";
import { lookAgain } from "@/lib/queries/look-again";

const readAnswer = answerParsedBy(batchAnswer);

/** Submit, approve, reject, retry or cancel a batch: one POST (asking for a step-up when the server does), then the batch and the transfer lists are read again. */
export function useBatchAction(id: string, action: "submit" | "approve" | "reject" | "retry" | "cancel") {
  const queryClient = useQueryClient();
  const withStepUp = useStepUp();
  return useMutation({
    mutationKey: ["batches", action, id],
    mutationFn: (body: Record<string, unknown>) => withStepUp(() => apiPost(`/api/batches/${encodeURIComponent(id)}/${action}`, body, readAnswer)),
    retry: false,
    onSuccess: () => {
      void lookAgain(queryClient, batchQueries.all());
      void lookAgain(queryClient, transferQueries.all());
    },
  });
}

const readDiscarded = answerParsedBy(batchDiscardedAnswer);

/** Discard a draft (DELETE /api/batches/{id}); the lists are read again. */
export function useDiscardBatch(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["batches", "discard", id],
    mutationFn: () => apiDelete(`/api/batches/${encodeURIComponent(id)}`, readDiscarded),
    retry: false,
    onSuccess: () => void lookAgain(queryClient, batchQueries.all()),
  });
}
