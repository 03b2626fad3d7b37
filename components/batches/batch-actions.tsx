"use client";

import { Download, ShieldCheck, Trash2, XCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { BalanceCheck } from "@/components/balance/balance-check";
import { Button, buttonVariants } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Card } from "@/components/ui/card";
import { Input, Label } from "@/components/ui/input";
import type { BatchDetail } from "@/lib/batches/types";
import { formatBRL } from "@/lib/pix";
import { useBatchAction, useDiscardBatch } from "./use-batch-action";

/**
 * Its maker's panel on a draft: what submitting will send and ask for, the rows with errors as a
 * file to correct, Submit (asked once more with the count and the total) and Discard.
 */
export function SubmitPanel({ detail }: { detail: BatchDetail }) {
  const t = useTranslations("batches.detail");
  const e = useTranslations("batches.errorsFile");
  const submit = useBatchAction(detail.batch.id, "submit");
  const [confirming, setConfirming] = useState(false);
  const needed = detail.submit_approvals ?? null;
  const { batch } = detail;
  const summary = t("submitHint", { count: batch.valid, total: formatBRL(batch.total_cents) });
  return (
    <Card className="flex flex-col gap-3 p-5" data-testid="submit-panel">
      <p className="text-sm text-fg">{summary}</p>
      {needed !== null ? (
        <p className="flex items-start gap-2 text-sm text-fg">
          <ShieldCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-fg-muted" />
          {needed > 0 ? t("needsApproval", { count: needed }) : t("noApproval", { rate: detail.pace?.rate_per_second ?? 10 })}
        </p>
      ) : null}
      <BalanceCheck amountCents={batch.total_cents} kind="batch" />
      {batch.invalid > 0 ? (
        <div className="flex flex-col gap-1 text-sm">
          <a href={`/api/batches/${batch.id}/errors`} download className={buttonVariants({ size: "sm", className: "w-fit" })} data-testid="errors-file">
            <Download aria-hidden className="h-4 w-4" /> {e("download")}
          </a>
          <p className="text-xs text-fg-muted">{e("hint")}</p>
        </div>
      ) : null}
      {submit.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {submit.error.message}
        </p>
      ) : null}
      {confirming ? (
        <div className="flex flex-col gap-2 rounded-md border border-border bg-surface-muted p-3" role="group" aria-label={t("confirmTitle")} data-testid="submit-confirm">
          <p className="text-sm font-medium text-fg">{t("confirmSubmit", { count: batch.valid, total: formatBRL(batch.total_cents) })}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="primary" onClick={() => submit.mutate({})} disabled={submit.isPending} aria-busy={submit.isPending}>
              {submit.isPending ? t("submitting") : t("confirmSend")}
            </Button>
            <Button onClick={() => setConfirming(false)} disabled={submit.isPending}>
              {t("back")}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="primary" onClick={() => setConfirming(true)} disabled={batch.valid === 0}>
            {t("submit")}
          </Button>
          <DiscardDraft id={batch.id} />
        </div>
      )}
    </Card>
  );
}

/** Discard a draft: asked once; the batch is gone afterwards (its audit row stays). */
function DiscardDraft({ id }: { id: string }) {
  const t = useTranslations("batches.detail");
  const router = useRouter();
  const discard = useDiscardBatch(id);
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button variant="secondary" onClick={() => setAsking(true)}>
        <Trash2 aria-hidden className="h-4 w-4" /> {t("discard")}
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t("discard")}>
      <span className="text-sm text-fg">{t("discardConfirm")}</span>
      <Button variant="danger" onClick={() => discard.mutate(undefined, { onSuccess: () => router.push("/batches") })} disabled={discard.isPending} aria-busy={discard.isPending}>
        {t("discardYes")}
      </Button>
      <Button onClick={() => setAsking(false)} disabled={discard.isPending}>
        {t("back")}
      </Button>
      {discard.error ? (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {discard.error.message}
        </p>
      ) : null}
    </div>
  );
}

/** Its maker withdraws a batch not sent yet: asked once, with an optional reason. */
export function CancelBatch({ id }: { id: string }) {
  const t = useTranslations("batches.detail");
  const cancel = useBatchAction(id, "cancel");
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const reasonId = useId();
  if (!asking) {
    return (
      <Button variant="secondary" className="w-fit" onClick={() => setAsking(true)}>
        <XCircle aria-hidden className="h-4 w-4" /> {t("cancel")}
      </Button>
    );
  }
  return (
    <form
      className="flex flex-col gap-2 rounded-lg border border-border p-3"
      onSubmit={(event) => {
        event.preventDefault();
        cancel.mutate(reason.trim() ? { reason: reason.trim() } : {});
      }}
    >
      <p className="text-sm text-fg">{t("cancelConfirm")}</p>
      <Label htmlFor={reasonId}>{t("cancelReason")}</Label>
      <Input id={reasonId} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
      {cancel.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {cancel.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <SubmitButton variant="danger" disabled={cancel.isPending} aria-busy={cancel.isPending}>
          {t("cancel")}
        </SubmitButton>
        <Button onClick={() => setAsking(false)} disabled={cancel.isPending}>
          {t("back")}
        </Button>
      </div>
    </form>
  );
}
