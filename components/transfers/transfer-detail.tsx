"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { formatBRL, formatBrazilDate, formatBrazilDateTime, formatBrazilTime } from "@/lib/pix";
import { transferQueries } from "@/lib/queries/transfers";
import { IN_FLIGHT_STATES, nothingSentYet } from "@/lib/transfers/states";
import { ApprovalsPanel, type Viewer } from "./approvals-panel";
import { CancelRequest } from "./cancel-request";
import { ReleaseRequest } from "./release-request";
import { TransferStateBadge } from "./state-badge";
import { TransferSummary } from "./transfer-summary";
import { TransferTimeline } from "./transfer-timeline";
import { TransferOutcomeView } from "./transfer-outcome";
import { AttentionCard } from "./attention-note";
import { MoneyOutcome } from "./money-outcome";
import { SeriesCard } from "./series-card";

/**
 * One transfer request: what it is, where it stands and why, who approved it, its timeline and
 * its outcome. Live: a state change (here or on another instance) refreshes it at once; while
 * the engine still works on it, it is also read again every few seconds.
 */
export function TransferDetailView({ id, viewer }: { id: string; viewer: Viewer & { canCancel: boolean; canHandle: boolean; isAdmin: boolean } }) {
  const t = useTranslations("transfers");
  const g = useTranslations("glossary");
  const query = useQuery({
    ...transferQueries.detail(id),
    refetchInterval: (q) => (q.state.data && IN_FLIGHT_STATES.includes(q.state.data.transfer.state) ? 3_000 : false),
  });
  if (query.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <Skeleton className="h-8 w-72" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return <ErrorState title={t("loadError")} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const transfer = query.data.transfer;
  const remaining = Math.max(0, transfer.approvals_required - transfer.approvals.length);
  const own = transfer.maker.id === viewer.id || transfer.submitted_by?.id === viewer.id;
  const held = transfer.state === "held";
  // The same rule the server applies (lib/transfers/server/decisions.ts cancelRequests): nothing sent yet, its maker's; a held one an admin's too.
  const cancelable =
    viewer.canCancel &&
    (own || (held && viewer.isAdmin)) &&
    (!transfer.batch_id || held) &&
    ["awaiting_approval", "approved", "scheduled", "held"].includes(transfer.state) &&
    nothingSentYet({ lastPostAt: transfer.last_post_at, attempts: transfer.attempts });
  const releasable = viewer.canCancel && own && held;
  const sendsAt = transfer.send_at ? { day: formatBrazilDate(transfer.send_at), time: formatBrazilTime(transfer.send_at) } : null;

  return (
    <div className="flex flex-col gap-5">
      <Link href="/transfers" className="inline-flex w-fit items-center gap-1 text-sm text-fg-muted hover:text-fg">
        <ArrowLeft aria-hidden className="h-4 w-4" /> {t("detail.back")}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold text-fg">{t("detail.title", { amount: formatBRL(transfer.value_cents) })}</h1>
        <TransferStateBadge state={transfer.state} className="text-sm" />
      </div>
      <p className="-mt-3 text-sm text-fg" role="status" data-testid="transfer-state-text">
        {transfer.state === "awaiting_approval"
          ? t("states.awaiting_approval", { remaining })
          : transfer.state === "scheduled" && sendsAt
            ? null // said whole by the day and hour below
            : t(`states.${transfer.state}`, { time: sendsAt?.time ?? "" })}
        {sendsAt && (transfer.state === "awaiting_approval" || transfer.state === "scheduled") ? (
          <span className="font-medium" data-testid="scheduled-for">
            {" "}
            {t("detail.scheduledFor", sendsAt)}
          </span>
        ) : null}
        {transfer.state === "awaiting_approval" && transfer.expires_at ? (
          <span className="text-fg-muted"> {t("detail.expiresAt", { at: formatBrazilDateTime(transfer.expires_at) })}</span>
        ) : null}
        {transfer.next_attempt_at && transfer.state === "outcome_unknown" ? (
          <span className="text-fg-muted" data-testid="next-check">
            {" "}
            {t("detail.nextCheck", { at: formatBrazilDateTime(transfer.next_attempt_at) })}
            {transfer.settle_until ? ` ${t("detail.resendFrom", { at: formatBrazilDateTime(transfer.settle_until) })}` : null}
          </span>
        ) : transfer.next_attempt_at && IN_FLIGHT_STATES.includes(transfer.state) ? (
          <span className="text-fg-muted"> {t("detail.nextAttempt", { at: formatBrazilDateTime(transfer.next_attempt_at) })}</span>
        ) : null}
      </p>
      <MoneyOutcome transfer={transfer} />
      <AttentionCard transfer={transfer} canHandle={viewer.canHandle} />

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
        <Card className="p-5">
          <TransferSummary transfer={transfer} />
        </Card>
        <div className="flex flex-col gap-5">
          <Card className="p-5">
            <ApprovalsPanel transfer={transfer} viewer={viewer} />
          </Card>
          {transfer.outcome || transfer.reference_code ? (
            <Card className="flex flex-col gap-2 p-5 text-sm" data-testid="transfer-outcome">
              <h2 className="text-sm font-semibold text-fg">{t("outcome.title")}</h2>
              {transfer.outcome ? <TransferOutcomeView outcome={transfer.outcome} /> : null}
              {transfer.provider_status ? (
                <p>
                  <span className="text-fg-muted">{t("detail.providerStatus")}: </span>
                  {g.has(`paymentStatus.${transfer.provider_status}` as never) ? g(`paymentStatus.${transfer.provider_status}` as never) : transfer.provider_status}
                </p>
              ) : null}
              {transfer.attempts > 0 ? <p className="text-fg-muted">{t("detail.attempts", { count: transfer.attempts })}</p> : null}
              {transfer.reference_code && transfer.outcome?.kind !== "conflict" ? (
                <Link
                  href={`/payments/${encodeURIComponent(transfer.idempotent_id)}`}
                  className="w-fit font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
                >
                  {t("detail.openPayment")}
                </Link>
              ) : null}
            </Card>
          ) : null}
          {releasable ? <ReleaseRequest id={transfer.id} /> : null}
          {cancelable ? <CancelRequest id={transfer.id} /> : null}
        </div>
      </div>
      {transfer.series ? (
        <Card className="p-5">
          <SeriesCard series={transfer.series} currentId={transfer.id} viewerId={viewer.id} canStop={viewer.canCancel} />
        </Card>
      ) : null}
      <Card className="p-5">
        <TransferTimeline history={transfer.history} />
      </Card>
    </div>
  );
}
