"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Input, Label } from "@/components/ui/input";
import { useTransferAction } from "./use-transfer-action";

/** The maker withdraws a request before anything was sent: asked once, with an optional reason. */
export function CancelRequest({ id }: { id: string }) {
  const t = useTranslations("transfers.actions");
  const common = useTranslations("common");
  const cancel = useTransferAction(id, "cancel");
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const reasonId = useId();
  if (!asking) {
    return (
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {t("cancel")}
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
      <Input id={reasonId} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      {cancel.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {cancel.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <SubmitButton variant="danger" disabled={cancel.isPending} aria-busy={cancel.isPending}>
          {cancel.isPending ? t("canceling") : t("cancel")}
        </SubmitButton>
        <Button onClick={() => setAsking(false)} disabled={cancel.isPending}>
          {common("actions.back")}
        </Button>
      </div>
    </form>
  );
}
