"use client";

import { useTranslations } from "next-intl";
import type { ResultTotals } from "@/lib/batches/results";
import type { BatchTotals } from "@/lib/batches/totals";
import { formatBRL } from "@/lib/pix/money";

const count = new Intl.NumberFormat("pt-BR");

/** Counts of the batch's rows and the value of the valid ones: what will be sent. */
export function PreviewTotals({ totals }: { totals: BatchTotals }) {
  const t = useTranslations("batches.preview");
  const items = [
    { label: t("rows"), value: count.format(totals.rows), testId: "batch-total-rows", raw: totals.rows },
    { label: t("valid"), value: count.format(totals.valid), testId: "batch-total-valid", raw: totals.valid },
    { label: t("invalid"), value: count.format(totals.invalid), testId: "batch-total-invalid", raw: totals.invalid },
    { label: t("total"), value: formatBRL(totals.total_cents), testId: "batch-total-value", raw: totals.total_cents },
  ];
  return (
    <div className="space-y-1">
      <dl className="flex flex-wrap gap-x-8 gap-y-2">
        {items.map((item) => (
          <div key={item.testId}>
            <dt className="text-xs font-medium uppercase tracking-wide text-fg-muted">{item.label}</dt>
            <dd className="text-xl font-semibold tabular-nums text-fg" data-testid={item.testId} data-value={item.raw}>
              {item.value}
            </dd>
          </div>
        ))}
      </dl>
      {totals.invalid > 0 ? (
        <p className="text-sm text-red-700 dark:text-red-400">{t("invalidNote", { count: totals.invalid })}</p>
      ) : null}
    </div>
  );
}

/**
 * Once the batch was sent: what happened to the money leads (paid, not paid, on the way, with
 * their amounts), and the rows the file's errors kept out; "what will be sent" no longer applies.
 */
export function ResultTotalsView({ totals }: { totals: ResultTotals }) {
  const t = useTranslations("batches");
  const items = [
    { label: t("detail.paid"), bucket: totals.paid, testId: "batch-result-paid" },
    { label: t("detail.notPaid"), bucket: totals.not_paid, testId: "batch-result-not-paid" },
    ...(totals.on_the_way.count ? [{ label: t("detail.onTheWay"), bucket: totals.on_the_way, testId: "batch-result-on-the-way" }] : []),
    ...(totals.not_sent.count ? [{ label: t("preview.results.notSent"), bucket: totals.not_sent, testId: "batch-result-not-sent" }] : []),
  ];
  return (
    <dl className="flex flex-wrap gap-x-8 gap-y-2">
      {items.map((item) => (
        <div key={item.testId}>
          <dt className="text-xs font-medium uppercase tracking-wide text-fg-muted">{item.label}</dt>
          <dd className="text-xl font-semibold tabular-nums text-fg" data-testid={item.testId} data-value={item.bucket.count}>
            {count.format(item.bucket.count)}
            {item.bucket.count > 0 && item.testId !== "batch-result-not-sent" ? <span className="ml-1.5 text-sm font-normal text-fg-muted">{formatBRL(item.bucket.cents)}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
