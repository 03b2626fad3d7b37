"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, ChevronLeft, X } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { SubmitButton } from "@/components/ui/submit-button";
import { formatBRL, formatBrazilDate, formatBrazilDateTime, formatBrazilTime } from "@/lib/pix";
import { concealDocument } from "@/lib/pix/conceal";
import { transferQueries } from "@/lib/queries/transfers";
import type { TransferDetail } from "@/lib/transfers/types";
import { ReceiverCheck } from "../receiver-check";
import { RejectReasonField } from "../reject-reason-field";
import { useTransferAction } from "../use-transfer-action";
import { nextInboxHref } from "./next-item";

const INBOX = "/transfers?view=inbox";

/**
 * One request decided from a phone, on one screen: the amount, who gets it (document concealed,
 * and whether it is the first payment to them or a saved receiver since when), who asked, why,
 * the approvals so far, and Approve / Reject (with a reason) in a bar at the bottom, where the
 * thumb is. The data and the decisions are the transfer page's own (GET /api/transfers/{id},
 * POST .../approve|reject, the step-up they ask for); once decided, the next item that waits
 * opens.
 */
export function PhoneDecision({ id, viewerId }: { id: string; viewerId: string }) {
  const t = useTranslations("approvals");
  const common = useTranslations("common");
  const router = useRouter();
  const queryClient = useQueryClient();
  const query = useQuery(transferQueries.detail(id));
  const approve = useTransferAction(id, "approve");
  const reject = useTransferAction(id, "reject");
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [done, setDone] = useState<{ decision: "approve" | "reject"; next: string | null } | null>(null);
  const reasonId = useId();

  if (query.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <Skeleton className="h-10 w-48" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (query.isError) return <ErrorState title={t("phone.notWaiting")} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;

  const transfer: TransferDetail = query.data.transfer;
  const mine = transfer.maker.id === viewerId || transfer.submitted_by?.id === viewerId;
  const approvedByMe = transfer.approvals.some((a) => a.approver.id === viewerId);
  const mayDecide = transfer.state === "awaiting_approval" && !mine && !approvedByMe && !transfer.batch_id;
  const busy = approve.isPending || reject.isPending || done !== null;
  const error = approve.error ?? reject.error;

  async function decided(decision: "approve" | "reject") {
    const next = await nextInboxHref(queryClient, transfer);
    setDone({ decision, next });
    router.replace(next ?? INBOX);
  }

  return (
    <div className="flex min-h-[calc(100dvh-7rem)] flex-col gap-4 pb-40 md:pb-4" data-testid="phone-decision">
      <Link href={INBOX} className="inline-flex w-fit items-center gap-1 text-sm text-fg-muted">
        <ChevronLeft aria-hidden className="h-4 w-4" />
        {t("phone.inbox")}
      </Link>
      <div className="flex flex-col gap-1">
        <p className="text-xs font-medium uppercase tracking-wide text-fg-muted">{t("phone.waiting")}</p>
        <p className="text-3xl font-semibold tabular-nums text-fg" data-testid="phone-amount">
          {formatBRL(transfer.value_cents)}
        </p>
        {transfer.series ? <p className="text-sm text-fg">{t("phone.series", { count: transfer.series.occurrences.length })}</p> : null}
        {transfer.send_at ? <p className="text-sm text-fg-muted">{t("phone.sendsOn", { day: formatBrazilDate(transfer.send_at), time: formatBrazilTime(transfer.send_at) })}</p> : null}
      </div>

      <dl className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4 text-sm">
        <div>
          <dt className="text-xs text-fg-muted">{t("phone.to")}</dt>
          <dd className="text-base font-medium text-fg [overflow-wrap:anywhere]" data-testid="phone-receiver">
            {transfer.receiver_name}
          </dd>
          <dd className="tabular-nums text-fg-muted" data-testid="phone-document">
            {concealDocument(transfer.receiver_document)}
          </dd>
          <dd className="mt-1">
            <ReceiverCheck check={transfer.receiver_check} receiverName={transfer.receiver_name} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-fg-muted">{t("phone.maker")}</dt>
          <dd className="text-fg [overflow-wrap:anywhere]">{transfer.maker.email}</dd>
        </div>
        <div>
          <dt className="text-xs text-fg-muted">{t("phone.description")}</dt>
          <dd className={transfer.description ? "text-fg [overflow-wrap:anywhere]" : "text-fg-muted"}>{transfer.description ?? t("phone.noDescription")}</dd>
        </div>
        <div>
          <dt className="text-xs text-fg-muted">{t("phone.approvals")}</dt>
          <dd className="text-fg" data-testid="phone-approvals">
            {t("progress", { done: transfer.approvals.length, needed: transfer.approvals_required })}
          </dd>
          {transfer.approvals.map((a) => (
            <dd key={a.approver.id} className="text-fg-muted">
              {t("approvedBy", { email: a.approver.email, at: formatBrazilDateTime(a.at) })}
            </dd>
          ))}
        </div>
      </dl>
      <Link href={`/transfers/${encodeURIComponent(transfer.id)}`} className="w-fit text-sm font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
        {t("phone.full")}
      </Link>

      <div className="fixed inset-x-0 bottom-0 z-30 flex flex-col gap-2 border-t border-border bg-surface/95 px-4 pb-[max(1rem,env(safe-area-inset-bottom))] pt-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur md:static md:border-0 md:bg-transparent md:p-0 md:shadow-none">
        {done ? (
          <p role="status" className="text-sm font-medium text-fg">
            {done.next ? t("phone.done", { decision: done.decision }) : t("phone.allDone", { decision: done.decision })}
          </p>
        ) : !mayDecide ? (
          <p role="status" className="text-sm text-fg-muted">
            {t("phone.notWaiting")}
          </p>
        ) : asking ? (
          <form
            className="flex flex-col gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (!reason.trim()) return setReasonError(t("rejectReason"));
              reject.mutate({ reason: reason.trim() }, { onSuccess: () => void decided("reject") });
            }}
          >
            <RejectReasonField
              id={reasonId}
              label={t("rejectReason")}
              value={reason}
              error={reasonError}
              rows={2}
              onChange={(v) => {
                setReason(v);
                setReasonError(undefined);
              }}
            />
            <div className="grid grid-cols-2 gap-2">
              <Button size="lg" onClick={() => setAsking(false)} disabled={busy}>
                <ChevronLeft aria-hidden className="h-4 w-4" />
                {common("actions.back")}
              </Button>
              <SubmitButton size="lg" variant="danger" disabled={busy} aria-busy={reject.isPending}>
                {reject.isPending ? t("rejecting") : t("reject")}
              </SubmitButton>
            </div>
          </form>
        ) : (
          <div className="grid grid-cols-2 gap-2">
            <Button size="lg" onClick={() => setAsking(true)} disabled={busy}>
              <X aria-hidden className="h-5 w-5" />
              {t("reject")}
            </Button>
            <Button size="lg" variant="primary" onClick={() => approve.mutate({}, { onSuccess: () => void decided("approve") })} disabled={busy} aria-busy={approve.isPending}>
              <Check aria-hidden className="h-5 w-5" />
              {approve.isPending ? t("approving") : t("approve")}
            </Button>
          </div>
        )}
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
