"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useStepUp } from "@/components/auth/step-up";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { apiPost, isApiRequestError } from "@/lib/domain/api-client";
import { batchQueries } from "@/lib/queries/batches";
import { transferQueries } from "@/lib/queries/transfers";
import { decisionsBody, noneSent, outcomesOf, type BulkOutcome } from "@/lib/transfers/bulk-decision";
import { decisionsAnswer } from "@/lib/transfers/decisions-body";
import type { InboxItem } from "@/lib/transfers/inbox-items";
import { lookAgain } from "@/lib/queries/look-again";

const readResults = answerParsedBy(decisionsAnswer);

export type BulkDecision = { action: "approve" } | { action: "reject"; reason: string };

/**
 * Approve or reject the chosen items in ONE request (POST /api/transfers/decisions): the server
 * decides each on its own (its own decision and audit row; never its maker) and answers each
 * one's result, so closing the tab after the click cannot leave some undecided. It may ask for
 * the password again once (the step-up dialog); canceling it decides nothing.
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
      try {
        const answer = await withStepUp(() => apiPost("/api/transfers/decisions", decisionsBody(items, decision), readResults));
        setOutcomes(outcomesOf(items, answer.results));
      } catch (error) {
        if (isApiRequestError(error) && error.kind === "step_up_required") setOutcomes(noneSent(items));
        else setOutcomes(items.map((item) => ({ key: item.key, result: { status: "refused", reason: error instanceof Error ? error.message : String(error) } })));
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
