"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Download, RotateCw } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo } from "react";
import { DecisionForm } from "@/components/transfers/decision-form";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import type { BatchPreviewRow } from "@/lib/batches/preview-row";
import type { BatchDetail } from "@/lib/batches/types";
import { formatBRL, formatBrazilDateTime } from "@/lib/pix";
import { batchQueries } from "@/lib/queries/batches";
import { ReceiptButtons } from "@/components/receipts/receipt-buttons";
import { BatchProgress } from "./batch-progress";
import { BatchStateBadge } from "./batch-state-badge";
import { CancelBatch, SubmitPanel } from "./batch-actions";
import { PreviewTable } from "./preview-table";
import { useBatchAction } from "./use-batch-action";

type BatchViewer = { id: string; canCreate: boolean; canApprove: boolean };

/**
 * One batch: its totals; to its maker before sending, the preview and Submit; to an approver,
 * the totals, the largest rows and the new receivers, and the decision; while and after sending,
 * live progress, each row's outcome, the results file and a retry of the rows that failed.
 */
export function BatchDetailView({ id, viewer }: { id: string; viewer: BatchViewer }) {
  const t = useTranslations("batches.detail");
  const query = useQuery({
    ...batchQueries.detail(id),
    refetchInterval: (q) => (q.state.data?.batch.state === "sending" ? 2_000 : q.state.data?.batch.state === "awaiting_approval" ? 5_000 : false),
  });
  const rows = useMemo(() => (query.data ? toPreviewRows(query.data) : []), [query.data]);
  if (query.isPending) return <Skeleton className="h-96 w-full" />;
  if (query.isError) return <ErrorState title={t("loadError")} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const { batch } = query.data;
  const sent = batch.state !== "draft";
  return (
    <div className="flex flex-col gap-5">
      <Link href="/batches" className="inline-flex w-fit items-center gap-1 text-sm text-fg-muted hover:text-fg">
        <ArrowLeft aria-hidden className="h-4 w-4" /> {t("back")}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 break-all text-xl font-semibold text-fg">{t("title", { file: batch.file_name ?? "" })}</h1>
        <BatchStateBadge batch={batch} />
      </div>
      <p className="-mt-3 text-sm text-fg-muted">{t("uploadedBy", { email: batch.maker.email, at: formatBrazilDateTime(batch.created_at) })}</p>

      {batch.state === "draft" && viewer.canCreate && batch.maker.id === viewer.id ? <SubmitPanel detail={query.data} /> : null}
      {batch.state === "awaiting_approval" || batch.approvals_required > 0 ? (
        <ApprovalPanel detail={query.data} viewer={viewer} rows={rows} />
      ) : null}
      {viewer.canCreate && batch.maker.id === viewer.id && (batch.state === "awaiting_approval" || (batch.state === "sending" && batch.outcome.in_flight.count === batch.valid && (batch.progress.approved ?? 0) === batch.valid)) ? (
        <CancelBatch id={batch.id} />
      ) : null}
      {batch.state === "rejected" && batch.decision_reason ? (
        <p role="status" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100">
          {t("rejectedWith", { reason: batch.decision_reason })}
        </p>
      ) : null}
      {sent ? (
        <Card className="flex flex-col gap-4 p-5">
          <BatchProgress batch={batch} />
          <div className="flex flex-wrap gap-2">
            <ResultsLinks id={batch.id} />
            {batch.outcome.paid.count > 0 ? <ReceiptButtons url={`/api/batches/${batch.id}/receipts`} printable={false} many /> : null}
            {viewer.canCreate && batch.maker.id === viewer.id && (batch.progress.failed ?? 0) > 0 ? <RetryFailed id={batch.id} /> : null}
          </div>
        </Card>
      ) : null}
      <section aria-labelledby="batch-rows-title" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="batch-rows-title" className="text-sm font-semibold text-fg">
            {t("rowsTitle")}
          </h2>
          {sent ? (
            <Link href={`/transfers?batch=${encodeURIComponent(batch.id)}`} className="text-sm font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300" data-testid="batch-transfers-link">
              {t("allRows", { count: batch.valid })}
            </Link>
          ) : null}
        </div>
        <PreviewTable rows={rows} />
      </section>
    </div>
  );
}

function toPreviewRows(detail: BatchDetail): BatchPreviewRow[] {
  return detail.rows.map((row) => {
    const { state, transfer_id, reference_code, outcome, cancellation_reason, provider_status: _status, end_to_end: _e2e, payment_date: _paid, ...rest } = row;
    const base = { ...rest, state: state === "invalid" ? "invalid" : "valid" } as BatchPreviewRow;
    return state === "valid" || state === "invalid" ? base : { ...base, sent: { state, reference_code, outcome, transfer_id, cancellation_reason } };
  });
}

function ApprovalPanel({ detail, viewer, rows }: { detail: BatchDetail; viewer: BatchViewer; rows: BatchPreviewRow[] }) {
  const t = useTranslations("batches.detail");
  const a = useTranslations("approvals");
  const approve = useBatchAction(detail.batch.id, "approve");
  const reject = useBatchAction(detail.batch.id, "reject");
  const { batch, review } = detail;
  const waiting = batch.state === "awaiting_approval";
  const mine = batch.maker.id === viewer.id;
  const approvedByMe = batch.approvals.some((x) => x.approver.id === viewer.id);
  const largest = review.largest_lines.map((line) => rows.find((r) => r.line === line)).filter((r): r is BatchPreviewRow => Boolean(r));
  const remaining = batch.approvals_required - batch.approvals.length - 1;
  return (
    <Card className="flex flex-col gap-3 p-5" data-testid="approvals-panel">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-sm font-semibold text-fg">{a("panelTitle")}</h2>
        <span className="text-sm text-fg-muted" data-testid="approvals-progress">
          {a("progress", { done: batch.approvals.length, needed: batch.approvals_required })}
        </span>
      </div>
      {batch.approvals.map((x) => (
        <p key={x.approver.id} className="text-sm">
          {a("approvedBy", { email: x.approver.email, at: formatBrazilDateTime(x.at) })}
        </p>
      ))}
      {waiting && viewer.canApprove ? (
        <div className="flex flex-col gap-2 rounded-md bg-surface-muted p-3 text-sm">
          <h3 className="text-xs font-medium uppercase tracking-wide text-fg-muted">{a("beforeDeciding")}</h3>
          <p data-testid="new-receivers">{t("newReceivers", { count: review.new_receivers })}</p>
          <p className="font-medium text-fg">{t("largestRows")}</p>
          <ul className="flex flex-col gap-0.5">
            {largest.map((r) => (
              <li key={r.line} className="flex justify-between gap-3">
                <span className="truncate">{r.receiver_name}</span>
                <span className="tabular-nums">{r.value_cents === null ? "—" : formatBRL(r.value_cents)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {waiting && mine && viewer.canApprove ? <p className="text-sm text-fg-muted">{a("ownRequest")}</p> : null}
      {waiting && approvedByMe ? <p className="text-sm text-fg-muted">{a("youApproved")}</p> : null}
      {waiting && viewer.canApprove && !mine && !approvedByMe ? (
        <DecisionForm
          summary={
            <>
              {t("submitHint", { count: batch.valid, total: formatBRL(batch.total_cents) })}{" "}
              <span className="text-fg-muted">{remaining <= 0 ? a("approveLastBatch", { rate: detail.pace?.rate_per_second ?? 10 }) : a("approveMore", { remaining })}</span>
            </>
          }
          onApprove={() => approve.mutate({})}
          onReject={(reason) => reject.mutate({ reason })}
          approving={approve.isPending}
          rejecting={reject.isPending}
          error={approve.error ?? reject.error}
        />
      ) : null}
    </Card>
  );
}

function ResultsLinks({ id }: { id: string }) {
  const t = useTranslations("batches.results");
  return (
    <>
      {(["csv", "xlsx"] as const).map((format) => (
        <a key={format} href={`/api/batches/${id}/results?format=${format}`} className={buttonVariants({ size: "sm" })} download>
          <Download aria-hidden className="h-4 w-4" /> {t(format)}
        </a>
      ))}
    </>
  );
}

function RetryFailed({ id }: { id: string }) {
  const t = useTranslations("batches.detail");
  const retry = useBatchAction(id, "retry");
  return (
    <Button size="sm" onClick={() => retry.mutate({})} disabled={retry.isPending} aria-busy={retry.isPending}>
      <RotateCw aria-hidden className="h-4 w-4" /> {retry.isPending ? t("retrying") : t("retryFailed")}
    </Button>
  );
}
