"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

const pad = (n: number) => String(n).padStart(2, "0");
const dayKey = (y: number, m: number, d: number) => {
  const c = new Date(Date.UTC(y, m - 1, d));
  return `${c.getUTCFullYear()}-${pad(c.getUTCMonth() + 1)}-${pad(c.getUTCDate())}`;
};
const partsOf = (day: string) => day.split("-").map(Number) as [number, number, number];
/** Calendar arithmetic on ISO days, in UTC: a day is a day, no zone involved. */
const addDays = (day: string, n: number) => {
  const [y, m, d] = partsOf(day);
  return dayKey(y, m, d + n);
};
const addMonths = (day: string, n: number) => {
  const [y, m, d] = partsOf(day);
  const last = new Date(Date.UTC(y, m - 1 + n + 1, 0)).getUTCDate();
  return dayKey(y, m + n, Math.min(d, last));
};

/**
 * A month grid to pick a day, for the date fields' popover. Keyboard: arrows move a day or a
 * week, Page Up/Down a month, Home/End the week's ends, Enter picks, Escape closes (`onClose`).
 * Sunday first, as Brazilian calendars print it; names of months and weekdays in the UI's
 * language, days always dd/mm/aaaa where written. `value` and `today` are ISO days.
 */
export function Calendar({
  value,
  today,
  onSelect,
  onClose,
}: {
  value: string;
  today: string;
  onSelect: (day: string) => void;
  onClose: () => void;
}) {
  const t = useTranslations("formats.date");
  const locale = useLocale();
  const [focused, setFocused] = useState(value || today);
  const grid = useRef<HTMLDivElement>(null);
  // Focus follows the focused day when the keyboard moved it (and on open), not after a click
  // on the month buttons, which keep it.
  const focusGrid = useRef(true);
  const [year, month] = partsOf(focused);

  useEffect(() => {
    if (focusGrid.current) grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  function showMonth(n: number) {
    focusGrid.current = false;
    setFocused(addMonths(focused, n));
  }

  const first = dayKey(year, month, 1);
  const weekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay(); // 0 = Sunday
  const cells = Array.from({ length: 42 }, (_, i) => addDays(first, i - weekday));
  const weeks = Array.from({ length: 6 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const title = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(year, month - 1, 1)));
  const weekdayNames = Array.from({ length: 7 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 1, 1 + i)); // 1 Feb 2026 is a Sunday
    return {
      short: new Intl.DateTimeFormat(locale, { weekday: "narrow", timeZone: "UTC" }).format(date),
      long: new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(date),
    };
  });
  const longDay = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", weekday: "long", timeZone: "UTC" });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => addMonths(focused, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focused, event.shiftKey ? 12 : 1),
      Home: () => addDays(focused, -new Date(`${focused}T00:00:00Z`).getUTCDay()),
      End: () => addDays(focused, 6 - new Date(`${focused}T00:00:00Z`).getUTCDay()),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      focusGrid.current = true;
      setFocused(move());
    } else if (event.key === "Escape") {
      // Closes this calendar only, not a panel around it (the payments filter): React listens
      // on the document, where such a panel's own Escape listener sits too.
      event.preventDefault();
      event.stopPropagation();
      event.nativeEvent.stopImmediatePropagation();
      onClose();
    }
  }

  return (
    <div className="w-72 rounded-lg border border-border bg-surface p-2 text-fg shadow-lg" role="dialog" aria-label={t("calendar")}>
      <div className="mb-1 flex items-center justify-between gap-2">
        <Button size="icon" variant="ghost" aria-label={t("previousMonth")} onClick={() => showMonth(-1)}>
          <ChevronLeft aria-hidden className="h-4 w-4" />
        </Button>
        <p className="text-sm font-semibold first-letter:uppercase" aria-live="polite">
          {title}
        </p>
        <Button size="icon" variant="ghost" aria-label={t("nextMonth")} onClick={() => showMonth(1)}>
          <ChevronRight aria-hidden className="h-4 w-4" />
        </Button>
      </div>
      <div ref={grid} role="grid" aria-label={title} onKeyDown={onKeyDown} className="grid gap-0.5">
        <div role="row" className="grid grid-cols-7 gap-0.5">
          {weekdayNames.map((name) => (
            <span key={name.long} role="columnheader" aria-label={name.long} className="py-1 text-center text-xs font-medium uppercase text-fg-muted">
              {name.short}
            </span>
          ))}
        </div>
        {weeks.map((week) => (
          <div key={week[0]} role="row" className="grid grid-cols-7 gap-0.5">
            {week.map((day) => {
              const [, m, d] = partsOf(day);
              const selected = day === value;
              return (
                <div key={day} role="gridcell" aria-selected={selected}>
                  <button
                    type="button"
                    data-day={day}
                    tabIndex={day === focused ? 0 : -1}
                    aria-label={`${longDay.format(new Date(`${day}T00:00:00Z`))}${selected ? `, ${t("selected")}` : ""}`}
                    aria-current={day === today ? "date" : undefined}
                    onClick={() => onSelect(day)}
                    onFocus={() => day !== focused && setFocused(day)}
                    className={cn(
                      "h-8 w-full rounded-md text-sm tabular-nums hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-brand-600",
                      m !== month && "text-fg-muted opacity-60",
                      day === today && "font-semibold underline underline-offset-4",
                      selected && "bg-brand-700 text-white hover:bg-brand-600 dark:bg-brand-500 dark:text-gray-950",
                    )}
                  >
                    {d}
                  </button>
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <div className="mt-1 flex justify-end">
        <Button size="xs" variant="link" onClick={() => onSelect(today)}>
          {t("today")}
        </Button>
      </div>
    </div>
  );
}
