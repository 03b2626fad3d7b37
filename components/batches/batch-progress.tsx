import { useTranslations } from "next-intl";
import type { Batch } from "@/lib/batches/types";

/** How far the rows got: registered, refused, failed, still waiting, not sent. A bar and the counts in words. */
export function BatchProgress({ batch }: { batch: Batch }) {
  const t = useTranslations("batches.detail");
  const p = batch.progress;
  const parts = [
    { key: "registered", n: p.registered ?? 0, className: "bg-green-600" },
    { key: "refused", n: p.refused ?? 0, className: "bg-red-600" },
    { key: "failed", n: (p.failed ?? 0) + (p.outcome_unknown ?? 0), className: "bg-orange-500" },
    { key: "waiting", n: (p.awaiting_approval ?? 0) + (p.approved ?? 0) + (p.submitting ?? 0) + (p.valid ?? 0), className: "bg-blue-400" },
    { key: "stopped", n: (p.rejected ?? 0) + (p.canceled ?? 0) + (p.expired ?? 0), className: "bg-gray-400" },
  ] as const;
  const total = Math.max(1, parts.reduce((sum, x) => sum + x.n, 0));
  return (
    <section aria-labelledby="batch-progress-title" className="flex flex-col gap-2" data-testid="batch-progress">
      <h2 id="batch-progress-title" className="text-sm font-semibold text-fg">
        {t("progress")}
      </h2>
      <div className="flex h-3 w-full overflow-hidden rounded-full bg-surface-muted" aria-hidden>
        {parts.map((x) => (x.n ? <div key={x.key} className={x.className} style={{ width: `${(x.n / total) * 100}%` }} /> : null))}
      </div>
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
        {parts.map((x) => (
          <div key={x.key} className="flex gap-1.5" data-count={x.key}>
            <dt className="text-fg-muted">{t(x.key)}:</dt>
            <dd className="font-semibold tabular-nums text-fg">{x.n}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
