"use client";

import { useTranslations } from "next-intl";
import { formatBrazilDay } from "@/lib/pix/date-input";
import { businessDayNote } from "@/lib/transfer-form/schedule-view";
import { cn } from "@/lib/utils";

/** The days a series will create, each as dd/mm/aaaa; one that is no business day is marked and named on hover. */
export function OccurrenceList({ days }: { days: string[] }) {
  const t = useTranslations("register.schedule");
  return (
    <ol className="flex flex-wrap gap-1.5" aria-label={t("daysLabel", { count: days.length })} data-testid="occurrence-days">
      {days.map((day) => {
        const note = businessDayNote(day);
        return (
          <li
            key={day}
            title={note ? (note.why.kind === "holiday" ? note.why.name : t("notBusinessDay")) : undefined}
            className={cn(
              "rounded border px-1.5 py-0.5 font-mono text-xs tabular-nums",
              note ? "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100" : "border-border text-fg",
            )}
          >
            {formatBrazilDay(day)}
            {note ? <span className="sr-only"> ({note.why.kind === "holiday" ? note.why.name : t("notBusinessDay")})</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
