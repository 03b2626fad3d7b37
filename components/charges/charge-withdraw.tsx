"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FieldError, Input, Label } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import type { chargeAnswer } from "@/lib/charges/answers";
import { answerWith } from "@/lib/domain/answer";
import { apiPost } from "@/lib/domain/api-client";
import { chargeQueries } from "@/lib/queries/charges";
import { lookAgain } from "@/lib/queries/look-again";

const readOne = answerWith<z.output<typeof chargeAnswer>>({ charge: "object" });

/** Withdraw a charge awaiting payment: a reason is required (audited); the server says no if it changed meanwhile. */
export function ChargeWithdraw({ id }: { id: string }) {
  const t = useTranslations("charges.detail");
  const common = useTranslations("common.actions");
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const withdraw = useMutation({
    mutationFn: () => apiPost(`/api/charges/${encodeURIComponent(id)}/withdraw`, { reason }, readOne),
    onSuccess: (answer) => {
      queryClient.setQueryData(chargeQueries.detail(id).queryKey, answer);
      void lookAgain(queryClient, chargeQueries.all());
      setOpen(false);
    },
  });
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t("withdraw")}
      </Button>
    );
  }
  return (
    <form
      className="flex max-w-lg flex-col gap-2 rounded-lg border border-border p-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim()) withdraw.mutate();
      }}
    >
      <p className="text-sm text-fg-muted">{t("withdrawHint")}</p>
      <Label htmlFor="withdraw-reason">{t("withdrawReason")}</Label>
      <Input id="withdraw-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} required aria-describedby="withdraw-error" />
      <FieldError id="withdraw-error" message={withdraw.error instanceof Error ? withdraw.error.message : undefined} />
      <div className="flex gap-2">
        <SubmitButton variant="danger" disabled={withdraw.isPending || !reason.trim()}>
          {t("withdrawConfirm")}
        </SubmitButton>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          {common("cancel")}
        </Button>
      </div>
    </form>
  );
}
