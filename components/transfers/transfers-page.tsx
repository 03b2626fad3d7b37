"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { X } from "lucide-react";
import { parseAsInteger, parseAsString, parseAsStringLiteral, useQueryStates } from "nuqs";
import { buttonVariants } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { transferQueries } from "@/lib/queries/transfers";
import { TRANSFER_VIEWS, type TransferView } from "@/lib/transfers/views";
import { cn } from "@/lib/utils";
import { TransfersTable } from "./transfers-table";

const urlState = {
  view: parseAsStringLiteral(TRANSFER_VIEWS).withDefault("all"),
  page: parseAsInteger.withDefault(1),
  /** Only the rows of this batch. */
  batch: parseAsString,
};

/**
 * The /transfers page: for an approver, what waits for their decision comes first; then every
 * request in the chosen view, newest first. Live: each state change refreshes what is shown.
 */
export function TransfersPage({ canApprove, canCreate }: { canApprove: boolean; canCreate: boolean }) {
  const t = useTranslations("transfers");
  const [{ view, page, batch }, setUrl] = useQueryStates(urlState, { clearOnDefault: true, history: "push" });
  const views = TRANSFER_VIEWS.filter((v) => v !== "inbox" || canApprove);
  const inbox = useQuery({ ...transferQueries.list("inbox", 1), enabled: canApprove && view !== "inbox" });

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
          <p className="max-w-3xl text-sm text-fg-muted">{t("intro")}</p>
        </div>
        {canCreate ? (
          <div className="flex flex-wrap gap-2">
            <Link href="/batches/new" className={buttonVariants({ variant: "secondary" })}>
              {t("newBatch")}
            </Link>
            <Link href="/payments/new" className={buttonVariants({ variant: "primary" })}>
              {t("new")}
            </Link>
          </div>
        ) : null}
      </div>

      {canApprove && view !== "inbox" && (inbox.data?.transfers.length ?? 0) > 0 ? (
        <section aria-labelledby="inbox-title" className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50/60 p-3 dark:border-amber-800 dark:bg-amber-950/20">
          <h2 id="inbox-title" className="flex items-center gap-2 text-sm font-semibold text-fg">
            {t("filters.inbox")}
            <span className="rounded-full bg-amber-200 px-2 text-xs font-semibold text-amber-950 dark:bg-amber-800 dark:text-amber-50">
              {inbox.data?.meta.total ?? 0}
            </span>
          </h2>
          <TransfersTable transfers={inbox.data?.transfers.slice(0, 10) ?? []} caption={t("filters.inbox")} />
        </section>
      ) : null}

      <nav aria-label={t("filters.label")} className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1">
        {views.map((v) => (
          <button
            key={v}
            type="button"
            aria-current={v === view ? "page" : undefined}
            onClick={() => void setUrl({ view: v, page: 1 })}
            className={cn(
              "whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium",
              v === view ? "bg-surface-muted text-fg ring-1 ring-border" : "text-fg-muted hover:bg-surface-muted hover:text-fg",
            )}
          >
            {t(`filters.${v}`)}
          </button>
        ))}
      </nav>

      {batch ? (
        <p className="flex w-fit items-center gap-2 rounded-full border border-border bg-surface-muted px-3 py-1 text-sm" data-testid="batch-filter">
          <Link href={`/batches/${encodeURIComponent(batch)}`} className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
            {t("batchFilter")}
          </Link>
          <button type="button" onClick={() => void setUrl({ batch: null, page: 1 })} aria-label={t("clearBatchFilter")} className="rounded-full p-0.5 text-fg-muted hover:text-fg">
            <X aria-hidden className="h-3.5 w-3.5" />
          </button>
        </p>
      ) : null}

      <TransfersView view={view} page={page} batch={batch} onPage={(p) => void setUrl({ page: p })} />
    </div>
  );
}

function TransfersView({ view, page, batch, onPage }: { view: TransferView; page: number; batch: string | null; onPage: (page: number) => void }) {
  const t = useTranslations("transfers");
  const common = useTranslations("common");
  const query = useQuery(transferQueries.list(view, page, batch));
  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label={common("states.loading")} className="flex flex-col gap-2">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError && !query.data) {
    return <ErrorState title={t("loadError")} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const { transfers, meta } = query.data;
  if (transfers.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-fg-muted" role="status">
        {view === "inbox" ? t("empty.inbox") : view === "attention" ? t("empty.attention") : view === "all" ? t("empty.all") : t("empty.filtered")}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3" aria-busy={query.isFetching}>
      <TransfersTable transfers={transfers} dimmed={query.isPlaceholderData} caption={t(`filters.${view}`)} showAttention={view === "attention"} />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-fg-muted">
        <span>{t("pagination", { page: meta.page, pages: meta.total_pages, total: meta.total })}</span>
        <div className="flex gap-2">
          <button type="button" className={buttonVariants({ size: "sm" })} disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {common("actions.previous")}
          </button>
          <button type="button" className={buttonVariants({ size: "sm" })} disabled={page >= meta.total_pages} onClick={() => onPage(page + 1)}>
            {common("actions.next")}
          </button>
        </div>
      </div>
    </div>
  );
}
