"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { createdTransferAnswer } from "@/lib/transfers/answers";
import { apiPost, isApiRequestError } from "@/lib/domain/api-client";
import { transferQueries } from "@/lib/queries/transfers";
import { getFormIdStore } from "@/lib/transfer-form/form-id-store";
import type { TransferDraft } from "@/lib/transfer-form/validate";
import { IN_FLIGHT_STATES } from "@/lib/transfers/states";
import type { TransferDetail } from "@/lib/transfers/types";

const readCreated = answerParsedBy(createdTransferAnswer);

/** Where "Confirm transfer" stands. */
export type Submission =
  | { phase: "idle" }
  | { phase: "creating" }
  | { phase: "created"; id: string }
  | { phase: "invalid"; message: string; fields: Record<string, string> }
  | { phase: "idTaken"; message: string }
  | { phase: "lost"; message: string }
  | { phase: "signedOut"; message: string }
  | { phase: "refused"; message: string };

/**
 * Creates the transfer request (POST /api/transfers) once, then follows it: live events refresh
 * it at once, and it is read again every second while the engine works on it. Creating is
 * idempotent (the same partner ID and transfer give back the same request), so when the answer
 * is lost the same body may simply be sent again. A ref guards against a double click, which
 * arrives before React re-renders the disabled button.
 */
export function useCreateTransfer() {
  const inFlight = useRef(false);
  const [submission, setSubmission] = useState<Submission>({ phase: "idle" });
  const mutation = useMutation({
    mutationKey: ["transfers", "create"],
    // The transfer and, beside it, its day, recurrence, description, cost centre and saved receiver.
    mutationFn: (draft: TransferDraft) => apiPost("/api/transfers", { ...draft.transfer, ...draft.payable }, readCreated),
    retry: false,
  });
  const createdId = submission.phase === "created" ? submission.id : null;
  const watched = useQuery({
    ...transferQueries.detail(createdId ?? "none"),
    enabled: createdId !== null,
    refetchInterval: (q) => (!q.state.data || IN_FLIGHT_STATES.includes(q.state.data.transfer.state) ? 1_000 : false),
  });

  /** Resolves with where it ended (null when a click was ignored). */
  async function create(draft: TransferDraft): Promise<Submission | null> {
    if (inFlight.current || submission.phase === "created") return null;
    inFlight.current = true;
    setSubmission({ phase: "creating" });
    let next: Submission;
    try {
      const { transfer: created } = await mutation.mutateAsync(draft);
      const store = getFormIdStore();
      store.markRegistered(created.idempotent_id);
      store.renew(); // the next form gets a fresh partner ID
      next = { phase: "created", id: created.id };
    } catch (err) {
      next = classify(err);
    } finally {
      inFlight.current = false;
    }
    setSubmission(next);
    return next;
  }

  return {
    submission,
    transfer: (watched.data as { transfer: TransferDetail } | undefined)?.transfer ?? null,
    create,
    reset: () => setSubmission({ phase: "idle" }),
  };
}

function classify(err: unknown): Submission {
  if (!isApiRequestError(err)) return { phase: "lost", message: String(err) };
  const { status, message } = err;
  if (status === 0 || status === 408 || status >= 500) return { phase: "lost", message };
  if (status === 401) return { phase: "signedOut", message };
  if (status === 409) return { phase: "idTaken", message };
  if ((status === 422 || status === 400) && err.fields) return { phase: "invalid", message, fields: err.fields };
  return { phase: "refused", message };
}
