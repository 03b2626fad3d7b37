"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { parseAsInteger, parseAsStringLiteral, useQueryStates } from "nuqs";
import { ListPagination } from "@/components/data-table/list-pagination";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { ALERT_LIST_STATES } from "@/lib/alerts/list-states";
import { alertQueries } from "@/lib/queries/alerts";
import { cn } from "@/lib/utils";
import { AlertCard } from "./alert-card";

/** /alerts: the live alerts (open or taken on), or the resolved ones; newest first, live. */
export function AlertsPage({ own }: { own: boolean }) {
  const t = useTranslations("alerts");
  const [{ state, page }, setUrl] = useQueryStates(
    { state: parseAsStringLiteral(ALERT_LIST_STATES).withDefault("open"), page: parseAsInteger.withDefault(1) },
    { clearOnDefault: true, history: "push" },
  );
  const query = useQuery(alertQueries.list(state, page));
  return (
    <div className="flex flex-col gap-5">
      <div>
        <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
        <p className="max-w-3xl text-sm text-fg-muted">{own ? t("introOwn") : t("intro")}</p>
      </div>
      <nav aria-label={t("title")} className="flex gap-1">
        {ALERT_LIST_STATES.map((s) => (
          <button
            key={s}
            type="button"
            aria-current={s === state ? "page" : undefined}
            onClick={() => void setUrl({ state: s, page: 1 })}
            className={cn(
              "rounded-md px-3 py-1.5 text-sm font-medium",
              s === state ? "bg-surface-muted text-fg ring-1 ring-border" : "text-fg-muted hover:bg-surface-muted hover:text-fg",
            )}
          >
            {t(`tabs.${s}`)}
            {s === "open" && query.data && state === "open" ? <span className="ml-1.5 tabular-nums text-fg-muted">{query.data.meta.total}</span> : null}
          </button>
        ))}
      </nav>
      {query.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : query.isError ? (
        <ErrorState title={t("loadError")} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.alerts.length === 0 ? (
        <p role="status" className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-fg-muted">
          {t(`empty.${state}`)}
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-3" data-testid="alerts">
            {query.data.alerts.map((a) => (
              <AlertCard key={a.id} alert={a} />
            ))}
          </ul>
          {query.data.meta.total_pages > 1 ? (
            <ListPagination page={page} pageCount={query.data.meta.total_pages} onPage={(target) => void setUrl({ page: target })} />
          ) : null}
        </>
      )}
    </div>
  );
}
