"use client";

import { useTranslations } from "next-intl";
import type { CashDayView } from "@/lib/cash/answers";
import { formatBrazilDay } from "@/lib/pix/date-input";
import { formatBRL } from "@/lib/pix/money";
import { cn } from "@/lib/utils";

/** One line per day: opening, out, in, close; a short day in red. A table on a wide screen, cards on a phone. */
export function CashDaysTable({ days, selected, onSelect }: { days: CashDayView[]; selected: string; onSelect: (date: string) => void }) {
  const t = useTranslations("cash");
  const note = (d: CashDayView) => (d.non_business === "weekend" ? t("weekend") : d.non_business);
  const short = (d: CashDayView) => d.out_cents > 0 && d.closing_cents < 0;
  return (
    <section className="rounded-lg border border-border bg-surface" aria-label={t("daysTitle")}>
      <h2 className="px-3 pt-3 text-sm font-semibold text-fg">{t("daysTitle")}</h2>
      <table className="mt-2 hidden w-full border-collapse text-sm md:table" data-testid="cash-days">
        <thead className="text-left text-xs font-medium uppercase tracking-wide text-fg-muted">
          <tr className="border-b border-border">
            <th scope="col" className="px-3 py-2">{t("columns.date")}</th>
            <th scope="col" className="px-3 py-2 text-right">{t("columns.opening")}</th>
            <th scope="col" className="px-3 py-2 text-right">{t("columns.out")}</th>
            <th scope="col" className="px-3 py-2 text-right">{t("columns.in")}</th>
            <th scope="col" className="px-3 py-2 text-right">{t("columns.closing")}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr
              key={d.date}
              data-day={d.date}
              data-short={short(d) || undefined}
              aria-selected={d.date === selected}
              onClick={() => onSelect(d.date)}
              className={cn("cursor-pointer border-b border-border last:border-0 hover:bg-surface-muted/60", d.date === selected && "bg-blue-50 dark:bg-blue-950/30", short(d) && "text-red-800 dark:text-red-300")}
            >
              <td className="whitespace-nowrap px-3 py-1.5">
                <button type="button" className="tabular-nums underline-offset-2 hover:underline" onClick={() => onSelect(d.date)}>{formatBrazilDay(d.date)}</button>
                {note(d) ? <span className="ml-2 text-xs text-fg-muted">{note(d)}</span> : null}
              </td>
              <td className="whitespace-nowrap px-3 py-1.5 text-right tabular-nums">{formatBRL(d.opening_cents)}</td>
              <td className="whitespace-nowrap px-3 py-1.5 text-right tabular-nums">
                {d.out_cents ? formatBRL(-d.out_cents) : "—"}
                {d.out_pending_cents ? <span className="block text-xs text-fg-muted">{t("pendingShort", { value: formatBRL(d.out_pending_cents) })}</span> : null}
              </td>
              <td className="whitespace-nowrap px-3 py-1.5 text-right tabular-nums">{d.in_cents ? formatBRL(d.in_cents) : "—"}</td>
              <td className={cn("whitespace-nowrap px-3 py-1.5 text-right font-medium tabular-nums", d.closing_cents < 0 && "text-red-700 dark:text-red-400")}>{formatBRL(d.closing_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-2 flex flex-col divide-y divide-border md:hidden" aria-label={t("daysTitle")}>
        {days.map((d) => (
          <li key={d.date} data-day={d.date} data-short={short(d) || undefined}>
            <button type="button" onClick={() => onSelect(d.date)} aria-pressed={d.date === selected} className={cn("flex w-full items-baseline justify-between gap-3 px-3 py-2 text-left text-sm", d.date === selected && "bg-blue-50 dark:bg-blue-950/30")}>
              <span className="flex min-w-0 flex-col">
                <span className="font-medium tabular-nums">{formatBrazilDay(d.date)}{note(d) ? <span className="ml-1 text-xs font-normal text-fg-muted">{note(d)}</span> : null}</span>
                <span className="text-xs text-fg-muted tabular-nums">{t("phoneLine", { out: formatBRL(d.out_cents), in: formatBRL(d.in_cents) })}</span>
              </span>
              <span className={cn("shrink-0 font-semibold tabular-nums", d.closing_cents < 0 && "text-red-700 dark:text-red-400")}>{formatBRL(d.closing_cents)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
