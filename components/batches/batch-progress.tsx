import { useTranslations } from "next-intl";
import Link from "next/link";
import type { Batch } from "@/lib/batches/types";
import { formatBRL } from "@/lib/pix";

/**
 * Where the batch's money went, honestly: the bar fills only with rows that reached an end (paid,
 * or certainly not paid) and, lighter, rows the provider is working on; rows not sent yet fill
 * nothing (a batch waiting for approval shows an empty bar). Counts and amounts in words beside it.
 */
export function BatchProgress({ batch }: { batch: Batch }) {
  const t = useTranslations("batches.detail");
  const p = batch.progress;
  const o = batch.outcome;
  const onTheWay = (p.submitting ?? 0) + (p.outcome_unknown ?? 0) + (p.registered ?? 0);
  const notSent = (p.awaiting_approval ?? 0) + (p.approved ?? 0) + (p.valid ?? 0);
  const stopped = (p.rejected ?? 0) + (p.canceled ?? 0) + (p.expired ?? 0);
  const bar = [
    { key: "paid", n: o.paid.count, className: "bg-green-600" },
    { key: "notPaid", n: o.not_paid.count, className: "bg-red-600" },
    { key: "onTheWay", n: onTheWay, className: "bg-blue-300 dark:bg-blue-700" },
  ] as const;
  const total = Math.max(1, o.paid.count + o.not_paid.count + onTheWay + notSent + stopped);
  return (
    <section aria-labelledby="batch-progress-title" className="flex flex-col gap-2" data-testid="batch-progress">
      <h2 id="batch-progress-title" className="text-sm font-semibold text-fg">
        {t("progress")}
      </h2>
      <div className="flex h-3 w-full overflow-hidden rounded-full bg-surface-muted" aria-hidden data-testid="batch-progress-bar">
        {bar.map((x) => (x.n ? <div key={x.key} data-part={x.key} className={x.className} style={{ width: `${(x.n / total) * 100}%` }} /> : null))}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm sm:flex sm:flex-wrap sm:gap-x-5">
        <Count name="paid" label={t("paid")} n={o.paid.count} cents={o.paid.cents} />
        <Count name="notPaid" label={t("notPaid")} n={o.not_paid.count} cents={o.not_paid.cents} />
        <Count name="onTheWay" label={t("onTheWay")} n={onTheWay} />
        <Count name="notSent" label={t("notSent")} n={notSent} />
        {stopped ? <Count name="stopped" label={t("stopped")} n={stopped} /> : null}
      </dl>
      {o.attention > 0 ? (
        <Link
          href={`/transfers?view=attention&batch=${encodeURIComponent(batch.id)}`}
          className="w-fit text-sm font-medium text-amber-800 underline-offset-2 hover:underline dark:text-amber-300"
          data-testid="batch-attention-link"
        >
          {t("attentionLink", { count: o.attention })}
        </Link>
      ) : null}
    </section>
  );
}

function Count({ name, label, n, cents }: { name: string; label: string; n: number; cents?: number }) {
  return (
    <div className="contents sm:flex sm:gap-1.5" data-count={name}>
      <dt className="text-fg-muted">{label}:</dt>
      <dd className="font-semibold tabular-nums text-fg">
        {n}
        {cents !== undefined && n > 0 ? <span className="font-normal text-fg-muted"> · {formatBRL(cents)}</span> : null}
      </dd>
    </div>
  );
}
