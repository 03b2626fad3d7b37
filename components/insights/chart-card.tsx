"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { AlertTriangle, BarChart3, RotateCw, Table2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiRequestError } from "@/lib/domain/api-client";
import type { InsightsAnswer } from "@/lib/insights/schema";
import { cn } from "@/lib/utils";
import { isEmptyAnswer } from "./chart-data";

type Rendered = { chart: ReactNode; table: ReactNode };

/**
 * One chart's frame and states: skeleton while loading, the reason with a working Retry on error
 * (a refused range says why instead, with `refusedAction`), an empty state, a warning with Retry
 * when some figures are missing, and the data table (hidden for the eye until asked for, always
 * there for screen readers and keyboards: it appears when a link in it takes focus).
 */
export function ChartCard({
  title,
  testId,
  query,
  emptyText,
  refusedAction,
  render,
}: {
  title: string;
  testId: string;
  query: UseQueryResult<InsightsAnswer>;
  emptyText: string;
  refusedAction?: ReactNode;
  render: (answer: InsightsAnswer) => Rendered;
}) {
  const t = useTranslations("overview.cards");
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const { data, error, isPending, isFetching, isError, refetch } = query;
  const retry = () => void refetch();
  const refused = isError && isApiRequestError(error) && error.status === 400;
  const empty = data ? isEmptyAnswer(data) : false;

  let body: ReactNode;
  if (isPending) {
    body = (
      <div aria-busy="true" aria-label={t("loading", { title })} className="space-y-3 py-2" data-testid={`${testId}-loading`}>
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  } else if (refused) {
    body = (
      <div className="space-y-3">
        <Notice>{error.message}</Notice>
        {refusedAction}
      </div>
    );
  } else if (!data) {
    body = <ErrorState title={t("couldNotLoad", { title })} error={error} onRetry={retry} retrying={isFetching} />;
  } else {
    const rendered = empty ? null : render(data);
    body = (
      <div className="space-y-3">
        {isError ? <ErrorState title={t("couldNotRefresh")} error={error} onRetry={retry} retrying={isFetching} /> : null}
        {data.partial ? <PartialNotice answer={data} onRetry={retry} retrying={isFetching} /> : null}
        {empty || !rendered ? (
          <div className="flex flex-col items-center gap-2 py-10 text-center text-sm text-fg-muted" data-testid={`${testId}-empty`}>
            <BarChart3 aria-hidden className="h-8 w-8" />
            <p>{emptyText}</p>
          </div>
        ) : (
          <>
            <div className={cn(isFetching && "opacity-60 transition-opacity")} aria-busy={isFetching}>
              {rendered.chart}
            </div>
            <div id={tableId} className={showTable ? "" : "sr-only focus-within:not-sr-only"}>
              {rendered.table}
            </div>
          </>
        )}
      </div>
    );
  }

  return (
    <Card data-testid={testId} className="min-w-0">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {data && !empty ? (
          <Button size="sm" variant="ghost" aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((v) => !v)}>
            <Table2 aria-hidden className="h-4 w-4" /> {showTable ? t("hideTable") : t("showTable")}
          </Button>
        ) : null}
      </CardHeader>
      <CardBody>{body}</CardBody>
    </Card>
  );
}

function PartialNotice({ answer, onRetry, retrying }: { answer: InsightsAnswer; onRetry: () => void; retrying: boolean }) {
  const t = useTranslations();
  return (
    <div role="alert" className="flex flex-wrap items-start gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
      <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <p className="flex-1">{t("overview.cards.partial", { failed: answer.failed, calls: answer.calls, errors: answer.errors.join("; ") })}</p>
      <Button size="sm" onClick={onRetry} disabled={retrying}>
        <RotateCw aria-hidden className={retrying ? "h-4 w-4 animate-spin" : "h-4 w-4"} /> {t("common.actions.retry")}
      </Button>
    </div>
  );
}
