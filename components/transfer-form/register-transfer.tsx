"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { transferHref } from "@/components/transfers/transfer-columns";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Skeleton } from "@/components/ui/skeleton";
import { getFormIdStore } from "@/lib/transfer-form/form-id-store";
import { registerFormResolver } from "@/lib/transfer-form/form-resolver";
import { emptyRegisterForm, type RegisterFormField, type RegisterFormValues } from "@/lib/transfer-form/form-values";
import { formFieldFor, type TransferDraft } from "@/lib/transfer-form/validate";
import { ReviewStep } from "./review-step";
import { SubmissionStatus } from "./submission-status";
import { TransferFields } from "./transfer-fields";
import { useCreateTransfer } from "./use-create-transfer";
import { useFormId } from "./use-form-id";

/** The New transfer screen: fill in, review, confirm; then follow it until the provider has it. */
export function RegisterTransfer({ sendTime }: { sendTime: string }) {
  const initialId = useFormId();
  const t = useTranslations("register");
  if (!initialId) {
    return (
      <div className="flex flex-col gap-5" aria-busy="true" aria-label={t("loadingForm")}>
        <Skeleton className="h-10 w-72" />
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-32" />
      </div>
    );
  }
  return <RegisterTransferForm initialId={initialId} sendTime={sendTime} />;
}

/**
 * Container: owns the form, the creation and the notices; fields and review only render. The
 * partner ID comes from the tab's store so re-renders, retries and reloads keep it.
 */
function RegisterTransferForm({ initialId, sendTime }: { initialId: string; sendTime: string }) {
  const t = useTranslations("register");
  const router = useRouter();
  const form = useForm<RegisterFormValues, unknown, TransferDraft>({
    resolver: registerFormResolver,
    defaultValues: emptyRegisterForm(initialId),
    mode: "onTouched",
  });
  const [step, setStep] = useState<"edit" | "review">("edit");
  const [reviewed, setReviewed] = useState<TransferDraft | null>(null);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const stepHeading = useRef<HTMLDivElement>(null);
  const { submission, transfer, create, reset } = useCreateTransfer();

  // Follow the created request: registered -> its payment; waiting for people or for its day -> its page.
  useEffect(() => {
    if (!transfer) return;
    if (transfer.state === "registered" || transfer.state === "paid" || transfer.state === "provider_canceled") {
      router.push(`/payments/${encodeURIComponent(transfer.idempotent_id)}?registered=1`);
    } else if (transfer.state === "awaiting_approval" || transfer.state === "scheduled") router.push(transferHref(transfer.id));
  }, [transfer, router]);

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
    (parsed) => {
      reset();
      setReviewed(parsed);
      setStep("review");
    },
    (errors) => {
      if (errors.idempotent_id) setAdvancedOpen(true);
    },
  );

  async function confirm(draft: TransferDraft) {
    const result = await create(draft);
    // The server refused fields: back to editing, each message on its field.
    if (result?.phase === "invalid") {
      for (const [name, message] of Object.entries(result.fields)) {
        const field = formFieldFor(name);
        if (field !== "root") form.setError(field as RegisterFormField, { type: "server", message });
      }
      if (result.fields.idempotent_id) setAdvancedOpen(true);
      setStep("edit");
    } else if (result?.phase === "idTaken") {
      form.setError("idempotent_id", { type: "server", message: result.message });
      setAdvancedOpen(true);
      setStep("edit");
    }
  }

  // A refused transfer keeps its values; the next review uses the fresh partner ID.
  function editAgain() {
    form.setValue("idempotent_id", getFormIdStore().current());
    reset();
    setStep("edit");
  }

  const created = submission.phase === "created";
  const settledRefused = created && transfer && ["refused", "failed"].includes(transfer.state);
  const busy = submission.phase === "creating" || (created && !settledRefused);
  return (
    <div className="flex flex-col gap-5">
      <div ref={stepHeading} tabIndex={-1} className="sr-only">
        {step === "edit" ? t("stepEdit") : t("stepReview")}
      </div>
      {step === "edit" && (submission.phase === "invalid" || submission.phase === "idTaken") ? (
        <SubmissionStatus submission={submission} transfer={null} onRetry={() => undefined} busy={false} />
      ) : null}
      {step === "edit" || !reviewed ? (
        <form onSubmit={review} noValidate aria-label={t("formLabel")}>
          <TransferFields form={form} advancedOpen={advancedOpen} onAdvancedOpenChange={setAdvancedOpen} sendTime={sendTime}>
            <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4">
              <SubmitButton variant="primary">
                {t("review")}
              </SubmitButton>
              <span className="text-xs text-fg-muted">{t("nothingSent")}</span>
            </div>
          </TransferFields>
        </form>
      ) : (
        <ReviewStep draft={reviewed} sendTime={sendTime}>
          <SubmissionStatus submission={submission} transfer={transfer} onRetry={() => void confirm(reviewed)} busy={busy} />
          {settledRefused ? (
            <div className="border-t border-border pt-4">
              <Button onClick={editAgain}>{t("edit")}</Button>
            </div>
          ) : created ? null : (
            <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4">
              <Button variant="primary" onClick={() => void confirm(reviewed)} disabled={busy || submission.phase === "lost"} aria-busy={busy}>
                {busy ? t("sending") : t("confirm")}
              </Button>
              <Button onClick={() => setStep("edit")} disabled={busy}>
                {t("edit")}
              </Button>
            </div>
          )}
        </ReviewStep>
      )}
    </div>
  );
}
