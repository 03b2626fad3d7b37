"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { answerWith } from "@/lib/domain/answer";
import { apiPost } from "@/lib/domain/api-client";
import { formatBRL, formatBrazilDateTime } from "@/lib/pix";
import { formatBrazilDay } from "@/lib/pix/date-input";
import { transferQueries } from "@/lib/queries/transfers";
import type { seriesStoppedAnswer } from "@/lib/transfers/answers";
import type { SeriesView } from "@/lib/transfers/types";
import { cn } from "@/lib/utils";
import { TransferStateBadge } from "./state-badge";
import { transferHref } from "./transfer-columns";
import { lookAgain } from "@/lib/queries/look-again";

const readStopped = answerWith<z.output<typeof seriesStoppedAnswer>>({ canceled: "number" });
/** Occurrences a stop still cancels (nothing of them went to the provider yet). */
const OPEN = new Set(["awaiting_approval", "scheduled", "approved"]);

/**
 * A recurring series from one of its occurrences: every occurrence with its day, state and
 * amount (this one marked), and for its maker "Stop series", asked once before it cancels every
 * occurrence not sent yet (POST /api/transfers/series/{id}/stop).
 */
export function SeriesCard({ series, currentId, viewerId, canStop }: { series: SeriesView; currentId: string; viewerId: string; canStop: boolean }) {
  const t = useTranslations("transfers.series");
  const common = useTranslations("common");
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const stop = useMutation({
    mutationKey: ["transfers", "series-stop", series.id],
    mutationFn: () => apiPost(`/api/transfers/series/${encodeURIComponent(series.id)}/stop`, {}, readStopped),
    retry: false,
    onSuccess: () => {
      setAsking(false);
      void lookAgain(queryClient, transferQueries.all());
    },
  });
  const open = series.occurrences.filter((o) => OPEN.has(o.state)).length;
  const mayStop = canStop && series.maker.id === viewerId && !series.stopped_at && open > 0;

  return (
    <section aria-labelledby="series-title" className="flex flex-col gap-3" data-testid="series-card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="series-title" className="text-sm font-semibold text-fg">
          {t("title", { every: t(`every.${series.every}`), count: series.occurrences.length })}
        </h2>
        {series.stopped_at ? (
          <span className="text-sm text-fg-muted" data-testid="series-stopped">
            {t("stopped", { at: formatBrazilDateTime(series.stopped_at), email: series.stopped_by?.email ?? "" })}
          </span>
        ) : null}
      </div>
      <ol className="flex flex-col divide-y divide-border rounded-md border border-border text-sm">
        {series.occurrences.map((o, i) => (
          <li key={o.id} className={cn("flex flex-wrap items-center justify-between gap-2 px-3 py-2", o.id === currentId && "bg-surface-muted")} data-state={o.state}>
            <span className="flex items-center gap-2">
              <span className="w-6 text-right tabular-nums text-fg-muted">{i + 1}</span>
              {o.id === currentId ? (
                <span className="font-medium tabular-nums" aria-current="page">{formatBrazilDay(o.scheduled_for)}</span>
              ) : (
                <Link href={transferHref(o.id)} className="tabular-nums text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
                  {formatBrazilDay(o.scheduled_for)}
                </Link>
              )}
            </span>
            <span className="flex items-center gap-3">
              <span className="tabular-nums">{formatBRL(o.value_cents)}</span>
              <TransferStateBadge state={o.state} />
            </span>
          </li>
        ))}
      </ol>
      {mayStop && !asking ? (
        <Button variant="secondary" className="w-fit" onClick={() => setAsking(true)}>
          {t("stop")}
        </Button>
      ) : null}
      {mayStop && asking ? (
        <div className="flex flex-col gap-2 rounded-lg border border-border p-3" role="group" aria-label={t("stop")}>
          <p className="text-sm text-fg">{t("stopConfirm", { count: open })}</p>
          {stop.error ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {stop.error.message}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" onClick={() => stop.mutate()} disabled={stop.isPending} aria-busy={stop.isPending}>
              {stop.isPending ? t("stopping") : t("stopYes")}
            </Button>
            <Button onClick={() => setAsking(false)} disabled={stop.isPending}>
              {common("actions.back")}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
