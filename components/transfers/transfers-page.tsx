"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { X } from "lucide-react";
import { useQueryStates } from "nuqs";
import { buttonVariants } from "@/components/ui/button";
import { ListPagination } from "@/components/data-table/list-pagination";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { formatBRL } from "@/lib/pix";
import { batchQueries } from "@/lib/queries/batches";
import { transferQueries } from "@/lib/queries/transfers";
import { inboxItems, rowsMergedIntoSeries } from "@/lib/transfers/inbox-items";
import { TRANSFER_FILTER_KEYS, transfersApiQuery, transfersSearchParams, type TransfersSearchValues } from "@/lib/search-params/transfers";
import { TRANSFER_VIEWS } from "@/lib/transfers/views";
import { cn } from "@/lib/utils";
import { InboxPanel } from "./inbox/inbox-panel";
import { InboxSection } from "./inbox/inbox-section";
import { TransferFilters } from "./transfer-filters";
import { TransfersTable } from "./transfers-table";

/**
 * The /transfers page, a place to work: for an approver, what waits for their decision comes
 * first; then the chosen view (a tab: a question people come with) narrowed by the filters, all
 * in the URL (reload, back and a pasted link give the same rows), with the count and the sum of
 * everything that matches above the table. Live: each state change refreshes what is shown.
 *
 * Views stay beside the filters rather than becoming presets of them: "waits for me" and "needs
 * attention" are no set of states, and the tabs are what operators and approvers open the page
 * for; the filters narrow within a view, the state filter offering that view's states only.
 */
export function TransfersPage({ canApprove, canCreate }: { canApprove: boolean; canCreate: boolean }) {
  const t = useTranslations("transfers");
  const [values, setUrl] = useQueryStates(transfersSearchParams, { clearOnDefault: true, history: "push" });
  const { view, batch } = values;
  const views = TRANSFER_VIEWS.filter((v) => v !== "inbox" || canApprove);

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

      {canApprove && view !== "inbox" ? <InboxSection onSeeAll={() => void setUrl({ view: "inbox", page: 1, state: null })} /> : null}

      <nav aria-label={t("filters.label")} className="relative -mx-1 flex gap-1 overflow-x-auto px-1 pb-1">
        {views.map((v) => (
          <button
            key={v}
            type="button"
            aria-current={v === view ? "page" : undefined}
            // Another view offers other states: the state filter starts again.
            onClick={() => void setUrl({ view: v, page: 1, state: null })}
            className={cn(
              "whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium",
              v === view ? "bg-surface-muted text-fg ring-1 ring-border" : "text-fg-muted hover:bg-surface-muted hover:text-fg",
            )}
          >
            {t(`filters.${v}`)}
          </button>
        ))}
      </nav>

      <TransferFilters values={values} onChange={(patch) => void setUrl(patch)} />

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

      <TransfersView values={values} onPage={(p) => void setUrl({ page: p })} />
    </div>
  );
}

function TransfersView({ values, onPage }: { values: TransfersSearchValues; onPage: (page: number) => void }) {
  const t = useTranslations("transfers");
  const common = useTranslations("common");
  const { view, page } = values;
  const query = useQuery(transferQueries.list(transfersApiQuery(values)));
  const filtered = TRANSFER_FILTER_KEYS.some((key) => values[key] !== null) || values.batch !== null;
  // A batch waiting for the approver is one item of the inbox view, above its requests (the
  // filters narrow requests by receiver, amount...: a batch has no one receiver, so it shows unfiltered).
  const withBatches = view === "inbox" && page === 1 && !filtered;
  const batchesQuery = useQuery({ ...batchQueries.inbox(), enabled: withBatches });
  if (query.isPending || (withBatches && batchesQuery.isPending)) {
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
  const batches = withBatches ? (batchesQuery.data?.batches ?? []) : [];
  // Items, not rows: a batch is one, a series is one (lib/transfers/inbox-items.ts).
  const count = meta.total - (view === "inbox" ? rowsMergedIntoSeries(transfers) : 0) + (withBatches ? (batchesQuery.data?.meta.total ?? 0) : 0);
  const cents = meta.total_value_cents + batches.reduce((sum, b) => sum + b.total_cents, 0);
  const totals = (
    <p className="text-sm text-fg" role="status" aria-live="polite" data-testid="transfer-totals">
      <span className="font-semibold">{view === "inbox" ? t("inbox.totals", { count }) : t("totals.count", { count })}</span>
      {count > 0 ? <span className="text-fg-muted"> · {t("totals.amount", { amount: formatBRL(cents) })}</span> : null}
    </p>
  );
  const empty = transfers.length === 0 && batches.length === 0;
  // One tree whatever is listed: the inbox panel keeps its bulk report when the last item leaves.
  return (
    <div className="flex flex-col gap-3" aria-busy={query.isFetching}>
      {totals}
      {view === "inbox" ? (
        <InboxPanel items={inboxItems(batches, transfers)} caption={t("filters.inbox")} dimmed={query.isPlaceholderData} />
      ) : empty ? null : (
        <TransfersTable transfers={transfers} dimmed={query.isPlaceholderData} caption={t(`filters.${view}`)} showAttention={view === "attention"} />
      )}
      {empty ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-fg-muted" role="status">
          {filtered ? t("empty.filtered") : view === "inbox" ? t("empty.inbox") : view === "attention" ? t("empty.attention") : view === "all" ? t("empty.all") : t("empty.filtered")}
        </p>
      ) : (
        // The inbox counts items (a waiting batch is one), as its totals line above does.
        <ListPagination
          summary={t(view === "inbox" ? "inbox.pagination" : "pagination", { page: meta.page, pages: meta.total_pages, total: view === "inbox" ? count : meta.total })}
          page={page}
          pageCount={meta.total_pages}
          onPage={onPage}
        />
      )}
    </div>
  );
}
