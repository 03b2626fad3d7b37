"use client";

import { useTranslations } from "next-intl";
import { formatBRL, formatBrazilDateTime } from "@/lib/pix";
import { isPixNightWindow } from "@/lib/transfers/night-window";
import type { TransferDetail, TransferRequest } from "@/lib/transfers/types";
import { DecisionPanel } from "./decision-panel";
import { ReceiverCheck } from "./receiver-check";
import { ReceiverHistory } from "./receiver-history";

export type Viewer = { id: string; canApprove: boolean };

/**
 * Approvals of one request: how many it needs, who approved and when, and, for an approver who
 * may decide, what to weigh first (this receiver's history, the night window) and the decision.
 */
export function ApprovalsPanel({ transfer, viewer }: { transfer: TransferRequest & Partial<Pick<TransferDetail, "receiver_check" | "acted_as_maker">>; viewer: Viewer }) {
  const t = useTranslations("approvals");
  const waiting = transfer.state === "awaiting_approval";
  // Who counts as its maker is the server's word (a token's holders included: lib/transfers/server/who-decides.ts).
  const mine = transfer.maker.id === viewer.id || transfer.submitted_by?.id === viewer.id || !!transfer.acted_as_maker?.includes(viewer.id);
  const approvedByMe = transfer.approvals.some((a) => a.approver.id === viewer.id);
  const mayDecide = waiting && viewer.canApprove && !mine && !approvedByMe && !transfer.batch_id;
  return (
    <section aria-labelledby="approvals-title" className="flex flex-col gap-3" data-testid="approvals-panel">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="approvals-title" className="text-sm font-semibold text-fg">
          {t("panelTitle")}
        </h2>
        <span className="text-sm text-fg-muted" data-testid="approvals-progress">
          {transfer.approvals_required > 0
            ? t("progress", { done: transfer.approvals.length, needed: transfer.approvals_required })
            : t("needed", { needed: 0 })}
        </span>
      </div>
      {transfer.approvals_required > 0 ? <p className="text-sm text-fg">{t("needed", { needed: transfer.approvals_required })}</p> : null}
      <WindowSum need={transfer.approval_need} />
      {transfer.approvals.length ? (
        <ul className="flex flex-col gap-1 text-sm">
          {transfer.approvals.map((a) => (
            <li key={a.approver.id}>{t("approvedBy", { email: a.approver.email, at: formatBrazilDateTime(a.at) })}</li>
          ))}
        </ul>
      ) : transfer.approvals_required > 0 ? (
        <p className="text-sm text-fg-muted">{t("nobodyYet")}</p>
      ) : null}
      {transfer.state === "rejected" && transfer.decision_reason ? (
        <p className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100" data-testid="rejection-reason">
          {t("rejectedWith", { email: rejecter(transfer) ?? "", reason: transfer.decision_reason })}
        </p>
      ) : null}
      {waiting && viewer.canApprove ? (
        <div className="flex flex-col gap-2 rounded-md bg-surface-muted p-3">
          <h3 className="text-xs font-medium uppercase tracking-wide text-fg-muted">{t("beforeDeciding")}</h3>
          {transfer.receiver_check ? <ReceiverCheck check={transfer.receiver_check} receiverName={transfer.receiver_name} /> : null}
          <ReceiverHistory document={transfer.receiver_document} />
          {isPixNightWindow(transfer.send_at ? new Date(transfer.send_at) : new Date()) ? (
            <p className="text-sm font-medium text-amber-800 dark:text-amber-300" role="note">
              {t("nightWindow")}
            </p>
          ) : null}
        </div>
      ) : null}
      {waiting && mine && viewer.canApprove ? <p className="text-sm text-fg-muted">{t("ownRequest")}</p> : null}
      {waiting && approvedByMe ? <p className="text-sm text-fg-muted">{t("youApproved")}</p> : null}
      {waiting && transfer.batch_id ? <p className="text-sm text-fg-muted">{t("batchMember")}</p> : null}
      {mayDecide ? <DecisionPanel transfer={transfer} /> : null}
    </section>
  );
}

/** Who rejected it: the timeline is not on the list answer, so the detail's history is used when present. */
function rejecter(transfer: TransferRequest & { history?: Array<{ to_state: string; actor: { email: string } | null }> }): string | null {
  return transfer.history?.findLast((e) => e.to_state === "rejected")?.actor?.email ?? null;
}

/** Which 24-hour sum asked for the approvals, when it was a sum and not the amount alone (document, Pix key or account). */
function WindowSum({ need }: { need: TransferRequest["approval_need"] }) {
  const t = useTranslations("approvals.windowSum");
  if (!need?.window_applies) return null;
  return (
    <p className="text-sm text-fg-muted" data-testid="approval-window" data-basis={need.window_basis}>
      {t(need.window_basis, { total: formatBRL(need.window_sum_cents), hours: need.window_hours, key: need.window_key ?? "" })}
    </p>
  );
}
