"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { CashDayView } from "@/lib/cash/answers";
import { formatBrazilDay } from "@/lib/pix/date-input";
import { formatBRL } from "@/lib/pix/money";

type Item = CashDayView["items_out"][number];

/** The chosen day: what goes out (and what still awaits approval) and what is due in, each linking to its page. */
export function CashDayDetail({ day }: { day: CashDayView }) {
  const t = useTranslations("cash");
  const going = day.items_out.filter((i) => !i.pending);
  const pending = day.items_out.filter((i) => i.pending);
  const list = (items: Item[], testId: string, empty: string) =>
    items.length === 0 ? (
      <p className="text-sm text-fg-muted">{empty}</p>
    ) : (
      <ul className="flex flex-col divide-y divide-border" data-testid={testId}>
        {items.map((item) => (
          <li key={`${item.kind}:${item.id}:${item.href}`} className="flex items-baseline justify-between gap-3 py-1.5 text-sm">
            <Link href={item.href} className="min-w-0 truncate text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
              <span className="mr-1 text-xs text-fg-muted">{t(`kinds.${item.kind}`)}</span>
              {item.label}
            </Link>
            <span className="shrink-0 tabular-nums">{formatBRL(item.value_cents)}</span>
          </li>
        ))}
      </ul>
    );
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-3" aria-label={t("day.title", { day: formatBrazilDay(day.date) })} data-testid="cash-day" data-day={day.date}>
      <h2 className="text-sm font-semibold text-fg">{t("day.title", { day: formatBrazilDay(day.date) })}</h2>
      <p className="text-sm tabular-nums text-fg-muted">
        {t("day.summary", { opening: formatBRL(day.opening_cents), out: formatBRL(day.out_cents), in: formatBRL(day.in_cents), closing: formatBRL(day.closing_cents) })}
      </p>
      <div>
        <h3 className="text-xs font-medium uppercase tracking-wide text-fg-muted">{t("day.out")}</h3>
        {list(going, "cash-day-out", t("day.noneOut"))}
      </div>
      {pending.length > 0 ? (
        <div>
          <h3 className="text-xs font-medium uppercase tracking-wide text-fg-muted">{t("day.pending")}</h3>
          {list(pending, "cash-day-pending", "")}
        </div>
      ) : null}
      <div>
        <h3 className="text-xs font-medium uppercase tracking-wide text-fg-muted">{t("day.in")}</h3>
        {list(day.items_in, "cash-day-in", t("day.noneIn"))}
        {day.in_at_risk_cents > 0 ? <p className="mt-1 text-xs text-fg-muted">{t("day.atRisk", { value: formatBRL(day.in_at_risk_cents) })}</p> : null}
      </div>
    </section>
  );
}
