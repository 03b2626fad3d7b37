"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { RegisterTransfer as Transfer } from "@/lib/contract";
import { paymentPagePath } from "@/lib/register/check-registration";
import { getFormIdStore } from "@/lib/register/form-id-store";
import { registerFormResolver } from "@/lib/register/form-resolver";
import { emptyRegisterForm, type RegisterFormField, type RegisterFormValues } from "@/lib/register/form-values";
import type { SubmitOutcome } from "@/lib/register/outcome";
import { OutcomeNotice } from "./outcome-notice";
import { ReviewStep } from "./review-step";
import { TransferFields } from "./transfer-fields";
import { useFormId } from "./use-form-id";
import { useRegisterTransfer } from "./use-register-transfer";

/** The register-a-transfer screen: fill in, review, confirm. */
export function RegisterTransfer() {
  const initialId = useFormId();
  if (!initialId) return <RegisterTransferSkeleton />;
  return <RegisterTransferForm initialId={initialId} />;
}

/**
 * Container: owns the form, the sending and the notices; the fields and the review only render.
 * The idempotent_id comes from the tab's store so re-renders, retries and reloads keep it.
 */
function RegisterTransferForm({ initialId }: { initialId: string }) {
  const router = useRouter();
  const form = useForm<RegisterFormValues, unknown, Transfer>({
    resolver: registerFormResolver,
    defaultValues: emptyRegisterForm(initialId),
    mode: "onTouched",
  });
  const [step, setStep] = useState<"edit" | "review">("edit");
  const [reviewed, setReviewed] = useState<Transfer | null>(null);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const stepHeading = useRef<HTMLDivElement>(null);

  const sender = useRegisterTransfer({
    onRegistered(id) {
      getFormIdStore().renew(); // the next form gets a fresh id
      router.push(paymentPagePath(id, true));
    },
    onSettled(outcome: SubmitOutcome) {
      if (outcome.kind === "rejected" || outcome.kind === "invalid" || outcome.kind === "session") {
        if (outcome.kind === "invalid") {
          for (const [field, message] of Object.entries(outcome.fields)) {
            form.setError(field as RegisterFormField, { type: "server", message });
          }
          if (outcome.fields.idempotent_id) setAdvancedOpen(true);
        }
        if (outcome.kind !== "session") setStep("edit");
      }
    },
  });
  const unsettled = sender.outcome?.kind === "unknown" || sender.outcome?.kind === "check";
  const registeredHere = sender.outcome?.kind === "registered";

  const firstStep = useRef(true);
  useEffect(() => {
    // Tell screen-reader users the step changed (not on first load: focus stays where it is).
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [step]);

  const review = form.handleSubmit(
    (transfer) => {
      sender.clearOutcome();
      setReviewed(transfer);
      setStep("review");
    },
    (errors) => {
      if (errors.idempotent_id) setAdvancedOpen(true);
    },
  );

  function startOver() {
    const next = getFormIdStore().renew();
    form.reset(emptyRegisterForm(next));
    sender.clearOutcome();
    setReviewed(null);
    setStep("edit");
    setFormKey((k) => k + 1);
  }

  const editOutcome = step === "edit" && sender.outcome ? sender.outcome : null;
  return (
    <div className="flex flex-col gap-5">
      <div ref={stepHeading} tabIndex={-1} className="sr-only">
        {step === "edit" ? "Step 1 of 2: transfer details" : "Step 2 of 2: review and confirm"}
      </div>
      {editOutcome ? <OutcomeNotice outcome={editOutcome} /> : null}
      {step === "edit" || !reviewed ? (
        <form onSubmit={review} noValidate aria-label="Transfer details">
          <TransferFields key={formKey} form={form} advancedOpen={advancedOpen} onAdvancedOpenChange={setAdvancedOpen}>
            <div className="flex items-center gap-3 border-t border-border pt-4">
              <Button type="submit" variant="primary">
                Review
              </Button>
              <span className="text-xs text-fg-muted">Nothing is sent until you confirm on the next step.</span>
            </div>
          </TransferFields>
        </form>
      ) : (
        <ReviewStep transfer={reviewed}>
          {sender.outcome ? (
            <OutcomeNotice
              outcome={sender.outcome}
              busy={sender.sending}
              onRetry={() => sender.send(reviewed)}
              onCheckAgain={() => sender.readBack(reviewed.idempotent_id)}
              onNewTransfer={startOver}
            />
          ) : null}
          {sender.outcome?.kind === "not_registered" || registeredHere ? null : (
            <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4">
              <Button
                variant="primary"
                onClick={() => sender.send(reviewed)}
                disabled={sender.sending || sender.done || unsettled}
                aria-busy={sender.sending}
              >
                {sender.sending || sender.done ? "Sending…" : "Confirm transfer"}
              </Button>
              <Button onClick={() => setStep("edit")} disabled={sender.sending || sender.done || unsettled}>
                Edit
              </Button>
            </div>
          )}
          {sender.outcome?.kind === "not_registered" ? (
            <div className="border-t border-border pt-4">
              <Button onClick={() => setStep("edit")} disabled={sender.sending}>
                Edit
              </Button>
            </div>
          ) : null}
        </ReviewStep>
      )}
    </div>
  );
}

function RegisterTransferSkeleton() {
  return (
    <div className="flex flex-col gap-5" aria-busy="true" aria-label="Loading the form">
      <Skeleton className="h-10 w-72" />
      <Skeleton className="h-9 w-full" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
      </div>
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-32" />
    </div>
  );
}
