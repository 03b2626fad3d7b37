"use client";

import { CalendarClock } from "lucide-react";
import { useTranslations } from "next-intl";
import { formatBrazilDay } from "@/lib/pix/date-input";
import { businessDayNote, weekdayOf } from "@/lib/transfer-form/schedule-view";

/**
 * A day that is no business day, said before anyone relies on it: Pix works every day, but the
 * people and banks around a payment may not ("31/12/2026 is a Saturday; the next business day is
 * 04/01/2027"). Nothing for a business day.
 */
export function BusinessDayHint({ day, testId }: { day: string; testId?: string }) {
  const t = useTranslations("register.schedule");
  const note = businessDayNote(day);
  if (!note) return null;
  const values = { day: formatBrazilDay(day), next: formatBrazilDay(note.next) };
  return (
    <p className="flex items-start gap-1.5 text-xs font-medium text-amber-800 dark:text-amber-300" role="note" data-testid={testId}>
      <CalendarClock aria-hidden className="mt-0.5 h-3.5 w-3.5 shrink-0" />
      {note.why.kind === "holiday"
        ? t("holiday", { ...values, name: note.why.name })
        : t("weekend", { ...values, weekday: t(`weekdays.${weekdayOf(day) ?? "saturday"}`) })}
    </p>
  );
}
