"use client";

import { useTranslations } from "next-intl";
import { formatBRL, formatBrazilDate, formatBrazilTime } from "@/lib/pix";
import type { TransferRequest } from "@/lib/transfers/types";
import { DecisionForm } from "./decision-form";
import { useTransferAction } from "./use-transfer-action";

/**
 * An approver's decision on one transfer request: the last needed approval sends it at once,
 * authorized, or, for a scheduled one, leaves it waiting for its day. An occurrence of a series is
 * decided with its whole series.
 */
export function DecisionPanel({ transfer }: { transfer: TransferRequest }) {
  const t = useTranslations("approvals");
  const approve = useTransferAction(transfer.id, "approve");
  const reject = useTransferAction(transfer.id, "reject");
  const remaining = transfer.approvals_required - transfer.approvals.length - 1;
  return (
    <DecisionForm
      summary={
        <>
          {t("approveConfirm", { amount: formatBRL(transfer.value_cents), receiver: transfer.receiver_name })}{" "}
          <span className="text-fg-muted">
            {remaining > 0
              ? t("approveMore", { remaining })
              : transfer.send_at
                ? t("approveLastScheduled", { day: formatBrazilDate(transfer.send_at), time: formatBrazilTime(transfer.send_at) })
                : t("approveLast")}
            {transfer.series_id ? ` ${t("approveSeries")}` : null}
          </span>
        </>
      }
      onApprove={() => approve.mutate({})}
      onReject={(reason) => reject.mutate({ reason })}
      approving={approve.isPending}
      rejecting={reject.isPending}
      error={approve.error ?? reject.error}
    />
  );
}
