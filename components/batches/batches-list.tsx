"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { formatBRL, formatBrazilDateTime } from "@/lib/pix";
import { batchQueries } from "@/lib/queries/batches";
import { BatchStateBadge } from "./batch-state-badge";

/** /batches: every batch, newest first, with its totals, state and how far its rows got. */
export function BatchesList({ canCreate }: { canCreate: boolean }) {
  const t = useTranslations("batches.list");
  const d = useTranslations("batches.detail");
  const query = useQuery({ ...batchQueries.list(1), refetchInterval: 5_000 });
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
          <p className="max-w-3xl text-sm text-fg-muted">{t("intro")}</p>
        </div>
        {canCreate ? (
          <Link href="/batches/new" className={buttonVariants({ variant: "primary" })}>
            {t("new")}
          </Link>
        ) : null}
      </div>
      {query.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : query.isError ? (
        <ErrorState title={t("loadError")} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.batches.length === 0 ? (
        <p role="status" className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-fg-muted">
          {t("empty")}
        </p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="batches-list">
          {query.data.batches.map((b) => {
            return (
              <li key={b.id}>
                <Link
                  href={`/batches/${b.id}`}
                  className="grid gap-1 rounded-lg border border-border bg-surface p-3 hover:bg-surface-muted md:grid-cols-[10rem_minmax(0,1fr)_9rem_13rem_11rem] md:items-center md:gap-4"
                >
                  <span className="text-sm tabular-nums text-fg-muted">{formatBrazilDateTime(b.created_at)}</span>
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-fg">{b.file_name ?? d("untitled")}</span>
                    <span className="block text-xs text-fg-muted">
                      {t("rowsCount", { valid: b.valid, invalid: b.invalid })} · {b.maker.email}
                    </span>
                  </span>
                  <span className="font-semibold tabular-nums text-fg md:text-right">{formatBRL(b.total_cents)}</span>
                  <span className="min-w-0">
                    <BatchStateBadge batch={b} />
                  </span>
                  <span className="text-xs text-fg-muted" data-testid="batch-paid-summary">
                    {b.state === "draft" ? null : `${d("paid")}: ${b.outcome.paid.count} · ${d("notPaid")}: ${b.outcome.not_paid.count}`}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
