"use client";

import { Check, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError, Label } from "@/components/ui/input";
import { formatBRL } from "@/lib/pix";
import type { TransferRequest } from "@/lib/transfers/types";
import { useTransferAction } from "./use-transfer-action";

/**
 * An approver's decision on a request waiting for approval: approve (the last needed approval
 * sends it at once, authorized) or reject with a reason the maker will read.
 */
export function DecisionPanel({ transfer }: { transfer: TransferRequest }) {
  const t = useTranslations("approvals");
  const common = useTranslations("common");
  const approve = useTransferAction(transfer.id, "approve");
  const reject = useTransferAction(transfer.id, "reject");
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const reasonId = useId();
  const busy = approve.isPending || reject.isPending;
  const remaining = transfer.approvals_required - transfer.approvals.length - 1;
  const failure = approve.error ?? reject.error;

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-border p-3" data-testid="decision-panel">
      <p className="text-sm text-fg">
        {t("approveConfirm", { amount: formatBRL(transfer.value_cents), receiver: transfer.receiver_name })}{" "}
        <span className="text-fg-muted">{remaining <= 0 ? t("approveLast") : t("approveMore", { remaining })}</span>
      </p>
      {failure ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {failure.message}
        </p>
      ) : null}
      {rejecting ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason.trim()) {
              setReasonError(t("rejectReason"));
              return;
            }
            reject.mutate({ reason: reason.trim() });
          }}
        >
          <Label htmlFor={reasonId}>{t("rejectReason")}</Label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={500}
            rows={3}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(undefined);
            }}
            aria-invalid={Boolean(reasonError)}
            aria-describedby={reasonError ? `${reasonId}-error` : undefined}
            className="rounded-md border border-border bg-surface p-2 text-sm text-fg aria-[invalid=true]:border-red-600"
          />
          <FieldError id={`${reasonId}-error`} message={reasonError} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" disabled={busy} aria-busy={reject.isPending}>
              {reject.isPending ? t("rejecting") : t("rejectConfirm")}
            </Button>
            <Button onClick={() => setRejecting(false)} disabled={busy}>
              {common("actions.back")}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="primary" onClick={() => approve.mutate({})} disabled={busy} aria-busy={approve.isPending}>
            <Check aria-hidden className="h-4 w-4" />
            {approve.isPending ? t("approving") : t("approve")}
          </Button>
          <Button onClick={() => setRejecting(true)} disabled={busy}>
            <X aria-hidden className="h-4 w-4" />
            {t("reject")}
          </Button>
        </div>
      )}
    </div>
  );
}
