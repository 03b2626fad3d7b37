"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { z } from "zod";
import { useStepUp } from "@/components/auth/step-up";
import type { batchAnswer } from "@/lib/batches/answers";
import { answerWith } from "@/lib/domain/answer";
import { apiPost, isApiRequestError } from "@/lib/domain/api-client";
import { batchQueries } from "@/lib/queries/batches";
import { transferQueries } from "@/lib/queries/transfers";
import { decideEach, type BulkOutcome } from "@/lib/transfers/bulk-decision";
import type { transferDetailAnswer } from "@/lib/transfers/answers";
import type { InboxItem } from "@/lib/transfers/inbox-items";
import { lookAgain } from "@/lib/queries/look-again";

const readTransfer = answerWith<z.output<typeof transferDetailAnswer>>({ transfer: "object" });
const readBatch = answerWith<z.output<typeof batchAnswer>>({ batch: "object" });

export type BulkDecision = { action: "approve" } | { action: "reject"; reason: string };

/**
 * Approve or reject the chosen items one after the other through each one's own route
 * (POST /api/transfers/{id}/approve|reject, POST /api/batches/{id}/approve|reject): each is its
 * own decision and audit row, and the server judges each (never its maker). The first money
 * action may ask for the password again (the step-up dialog opens once; the rest go through in
 * its window); canceling it sends nothing more. Results arrive item by item.
 */
export function useBulkDecision() {
  const queryClient = useQueryClient();
  const withStepUp = useStepUp();
  const [outcomes, setOutcomes] = useState<BulkOutcome[]>([]);
  /** The items of the last run as they were chosen (decided ones leave the lists; the report keeps their names). */
  const [decided, setDecided] = useState<{ items: InboxItem[]; action: BulkDecision["action"] } | null>(null);
  const [running, setRunning] = useState(false);

  const run = useCallback(
    async (items: InboxItem[], decision: BulkDecision) => {
      setRunning(true);
      setOutcomes([]);
      setDecided({ items, action: decision.action });
      const byKey = new Map(items.map((i) => [i.key, i]));
      const body = decision.action === "reject" ? { reason: decision.reason } : {};
      try {
        await decideEach(
          items.map((i) => i.key),
          async (key) => {
            const item = byKey.get(key)!;
            const path = `/api/${item.kind === "batch" ? "batches" : "transfers"}/${encodeURIComponent(item.id)}/${decision.action}`;
            const post = () => (item.kind === "batch" ? apiPost(path, body, readBatch).then((a) => a.batch.state) : apiPost(path, body, readTransfer).then((a) => a.transfer.state));
            const state = await (decision.action === "approve" ? withStepUp(post) : post());
            return state === "awaiting_approval" && decision.action === "approve" ? "waiting_more" : "done";
          },
          {
            isStepUpRefusal: (error) => isApiRequestError(error) && error.kind === "step_up_required",
            reasonOf: (error) => (error instanceof Error ? error.message : String(error)),
            onResult: (outcome) => setOutcomes((done) => [...done, outcome]),
          },
        );
      } finally {
        setRunning(false);
        void lookAgain(queryClient, transferQueries.all());
        void lookAgain(queryClient, batchQueries.all());
      }
    },
    [queryClient, withStepUp],
  );

  const clear = useCallback(() => {
    setOutcomes([]);
    setDecided(null);
  }, []);
  return { run, running, outcomes, decided, clear };
}
