"use client";

import { useMutation } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { RegisterTransfer } from "@/lib/contract";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { apiPost } from "@/lib/domain/api-client";
import { registerResponseSchema } from "@/lib/domain/payments";
import { checkRegistration } from "@/lib/register/check-registration";
import { getFormIdStore } from "@/lib/register/form-id-store";
import { classifySubmitError, type SubmitOutcome } from "@/lib/register/outcome";

/** `reconciled` is only present when the server found the payment by reading it back. */
const readAnswer = answerParsedBy(registerResponseSchema.partial({ reconciled: true }));

export type RegisterState = {
  /** True from the click until the answer (and any read-back) is in: the button stays disabled. */
  sending: boolean;
  /** True once a 201 arrived: the page is leaving; nothing may be sent again. */
  done: boolean;
  outcome: SubmitOutcome | null;
  /** The id whose outcome is still unknown: it may not be sent until a read-back settles it. */
  unsettledId: string | null;
};

/**
 * Sends a reviewed transfer once. A ref (not state) guards against a double click: the second
 * click arrives before React re-renders the disabled button. Registration is never retried
 * automatically: when the answer is lost, the payment is read back by its idempotent_id.
 */
export function useRegisterTransfer({
  onRegistered,
  onSettled,
}: {
  /** A 201: the transfer exists now. */
  onRegistered: (idempotentId: string) => void;
  /** Any other outcome, once known (after the read-back when the answer was lost). */
  onSettled?: (outcome: SubmitOutcome) => void;
}) {
  const inFlight = useRef(false);
  const [state, setState] = useState<RegisterState>({ sending: false, done: false, outcome: null, unsettledId: null });
  const mutation = useMutation({
    mutationKey: ["payments", "register"],
    mutationFn: (transfer: RegisterTransfer) => apiPost("/api/payments", transfer, readAnswer),
    retry: false,
  });

  function settle(outcome: SubmitOutcome) {
    const store = getFormIdStore();
    if (outcome.kind === "registered") {
      store.markRegistered(outcome.idempotentId);
      if (store.current() === outcome.idempotentId) store.renew(); // the next form gets a fresh id
    }
    const unsettled = outcome.kind === "unknown" || outcome.kind === "check" ? outcome.idempotentId : null;
    setState((s) => ({ ...s, sending: false, outcome, unsettledId: unsettled }));
    onSettled?.(outcome);
  }

  async function readBack(idempotentId: string) {
    if (inFlight.current) return;
    inFlight.current = true;
    setState((s) => ({ ...s, sending: true }));
    try {
      settle(await checkRegistration(idempotentId));
    } finally {
      inFlight.current = false;
    }
  }

  async function send(transfer: RegisterTransfer) {
    const id = transfer.idempotent_id;
    const store = getFormIdStore();
    if (inFlight.current || state.done) return;
    if (state.unsettledId === id) return; // outcome unknown: read it back first, never resend blindly
    if (store.wasRegistered(id)) {
      settle({ kind: "registered", idempotentId: id, reconciled: true });
      return;
    }
    inFlight.current = true;
    store.keep(id);
    setState((s) => ({ ...s, sending: true, outcome: null }));
    let registered = false;
    try {
      const answer = await mutation.mutateAsync(transfer);
      if (answer.reconciled) {
        // The server found it by reading back (a lost answer, or a repeat): say so, do not navigate.
        settle({ kind: "registered", idempotentId: id, reconciled: true });
        return;
      }
      registered = true;
    } catch (err) {
      const outcome = classifySubmitError(err, id);
      if (outcome.kind === "check") {
        setState((s) => ({ ...s, outcome, unsettledId: id }));
        settle(await checkRegistration(id));
      } else {
        settle(outcome);
      }
    } finally {
      // After a 201 this form never sends again (the page is leaving).
      if (!registered) inFlight.current = false;
    }
    if (registered) {
      store.markRegistered(id);
      setState((s) => ({ ...s, done: true }));
      onRegistered(id);
    }
  }

  function clearOutcome() {
    setState((s) => ({ ...s, outcome: null }));
  }

  return { ...state, send, readBack, clearOutcome };
}
