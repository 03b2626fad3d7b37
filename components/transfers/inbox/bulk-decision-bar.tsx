"use client";

import { Check, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { RejectReasonField } from "@/components/transfers/reject-reason-field";
import { formatBRL } from "@/lib/pix";
import type { BulkDecision } from "./use-bulk-decision";

type Props = {
  count: number;
  cents: number;
  running: boolean;
  onDecide: (decision: BulkDecision) => void;
};

/**
 * "Aprovar selecionados (n) · R$ total": asks once, with the count and the total, before deciding
 * each chosen item; "Rejeitar selecionados" asks for one reason the makers will read.
 */
export function BulkDecisionBar({ count, cents, running, onDecide }: Props) {
  const t = useTranslations("transfers.bulk");
  const a = useTranslations("approvals");
  const common = useTranslations("common");
  const [asking, setAsking] = useState<"approve" | "reject" | null>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const reasonId = useId();
  const amount = formatBRL(cents);
  const none = count === 0;

  if (asking && !none) {
    return (
      <form
        className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-3"
        data-testid="bulk-confirm"
        onSubmit={(event) => {
          event.preventDefault();
          if (asking === "reject" && !reason.trim()) {
            setReasonError(a("rejectReason"));
            return;
          }
          onDecide(asking === "approve" ? { action: "approve" } : { action: "reject", reason: reason.trim() });
          setAsking(null);
          setReason("");
        }}
      >
        <p className="text-sm text-fg">{t(asking === "approve" ? "confirmApprove" : "confirmReject", { count, amount })}</p>
        {asking === "reject" ? (
          <>
            <RejectReasonField
              id={reasonId}
              label={a("rejectReason")}
              value={reason}
              error={reasonError}
              rows={2}
              onChange={(value) => {
                setReason(value);
                setReasonError(undefined);
              }}
            />
          </>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <SubmitButton variant={asking === "approve" ? "primary" : "danger"}>
            {t(asking === "approve" ? "yesApprove" : "yesReject")}
          </SubmitButton>
          <Button onClick={() => setAsking(null)}>{common("actions.back")}</Button>
        </div>
      </form>
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="bulk-bar">
      <Button variant="primary" size="sm" disabled={none || running} aria-busy={running} onClick={() => setAsking("approve")}>
        <Check aria-hidden className="h-4 w-4" />
        {t("approve", { count, amount })}
      </Button>
      <Button size="sm" disabled={none || running} onClick={() => setAsking("reject")}>
        <X aria-hidden className="h-4 w-4" />
        {t("reject", { count })}
      </Button>
      {none ? <span className="text-xs text-fg-muted">{t("none")}</span> : null}
    </div>
  );
}
