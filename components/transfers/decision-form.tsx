"use client";

import { Check, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { RejectReasonField } from "@/components/transfers/reject-reason-field";

type DecisionFormProps = {
  /** What is being decided, in words (amount, receiver or batch totals, what approving does). */
  summary: ReactNode;
  onApprove: () => void;
  onReject: (reason: string) => void;
  approving: boolean;
  rejecting: boolean;
  error: Error | null;
};

/** An approver's decision: approve, or reject with a reason the maker will read. Used for a transfer and for a batch. */
export function DecisionForm({ summary, onApprove, onReject, approving, rejecting, error }: DecisionFormProps) {
  const t = useTranslations("approvals");
  const common = useTranslations("common");
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const reasonId = useId();
  const busy = approving || rejecting;
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-border p-3" data-testid="decision-panel">
      <div className="text-sm text-fg">{summary}</div>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error.message}
        </p>
      ) : null}
      {asking ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason.trim()) {
              setReasonError(t("rejectReason"));
              return;
            }
            onReject(reason.trim());
          }}
        >
          <RejectReasonField
            id={reasonId}
            label={t("rejectReason")}
            value={reason}
            error={reasonError}
            rows={3}
            onChange={(value) => {
              setReason(value);
              setReasonError(undefined);
            }}
          />
          <div className="flex flex-wrap gap-2">
            <SubmitButton variant="danger" disabled={busy} aria-busy={rejecting}>
              {rejecting ? t("rejecting") : t("rejectConfirm")}
            </SubmitButton>
            <Button onClick={() => setAsking(false)} disabled={busy}>
              {common("actions.back")}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="primary" onClick={onApprove} disabled={busy} aria-busy={approving}>
            <Check aria-hidden className="h-4 w-4" />
            {approving ? t("approving") : t("approve")}
          </Button>
          <Button onClick={() => setAsking(true)} disabled={busy}>
            <X aria-hidden className="h-4 w-4" />
            {t("reject")}
          </Button>
        </div>
      )}
    </div>
  );
}
