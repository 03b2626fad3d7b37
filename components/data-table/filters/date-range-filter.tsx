"use client";

import { CalendarRange, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { DateRangeInput, rangeProblem, type DayRange } from "@/components/ui/date-range-input";
import { Label } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import type { DateRangeFilterMeta, FilterPatch } from "../features";
import { useDisclosure } from "../use-disclosure";

const PANEL_WIDTH = 320;

/** The trigger looks like the text fields beside it (a field-sized secondary button). */
const TRIGGER =
  "inline-flex h-9 w-full items-center justify-start gap-2 whitespace-nowrap rounded-md border border-border bg-surface px-2.5 text-sm font-normal transition-colors hover:bg-surface-muted disabled:pointer-events-none disabled:opacity-50 cursor-pointer";

/**
 * A date range in a panel under its button: presets, or a start and an end day typed as
 * dd/mm/aaaa (or picked from a calendar) whatever the browser's locale. Apply stays disabled
 * until both ends are real days in order, so a half-filled range (the provider's 400) cannot
 * be sent.
 */
export function DateRangeFilter({
  meta,
  start,
  end,
  onCommit,
}: {
  meta: DateRangeFilterMeta;
  start: string | null;
  end: string | null;
  onCommit: (patch: FilterPatch) => void;
}) {
  const t = useTranslations("table.dateRange");
  const tf = useTranslations("formats.range");
  const id = useId();
  const { open, close, triggerProps, panelProps } = useDisclosure(PANEL_WIDTH);
  const [range, setRange] = useState<DayRange>({ from: "", to: "" });
  const active = start !== null && end !== null;

  function toggle() {
    if (!open) setRange({ from: start ? meta.toDay(start) : "", to: end ? meta.toDay(end) : "" });
    triggerProps.onClick();
  }

  function commit(nextStart: string | null, nextEnd: string | null) {
    onCommit({ [meta.startKey]: nextStart, [meta.endKey]: nextEnd });
    close();
  }

  const problem = rangeProblem(range);

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Label htmlFor={`${id}-trigger`}>{meta.label}</Label>
      <div className="relative">
        <button
          type="button"
          id={`${id}-trigger`}
          data-filter-key={meta.startKey}
          {...triggerProps}
          onClick={toggle}
          className={cn(TRIGGER, active ? "text-fg" : "text-fg-muted")}
        >
          <CalendarRange aria-hidden className="h-4 w-4 shrink-0" />
          <span className="truncate">
            {active ? tf("rangeText", { from: meta.formatValue(start), to: meta.formatValue(end) }) : t("anyTime")}
          </span>
        </button>
        {open ? (
          <div
            {...panelProps}
            role="dialog"
            aria-label={t("dialog", { label: meta.label })}
            className="absolute top-full z-50 mt-1 max-w-[calc(100vw-1rem)] rounded-lg border border-border bg-surface p-3 text-fg shadow-lg data-[align=end]:right-0 data-[align=start]:left-0"
          >
            <div role="group" aria-label={t("presets")} className="mb-3 flex flex-wrap gap-1.5">
              {meta.presets.map((preset) => (
                <Button
                  key={preset.id}
                  size="sm"
                  onClick={() => {
                    const resolved = preset.resolve();
                    commit(resolved.start, resolved.end);
                  }}
                >
                  {preset.label}
                </Button>
              ))}
            </div>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                if (!problem) commit(meta.toStartValue(range.from), meta.toEndValue(range.to));
              }}
              className="flex flex-col gap-3"
              noValidate
            >
              <DateRangeInput idPrefix={`${id}-range`} value={range} onChange={setRange} hint />
              {problem === "bothDays" ? <p className="text-xs text-fg-muted">{t("needBoth")}</p> : null}
              <div className="flex justify-between gap-2">
                <Button size="sm" variant="ghost" disabled={!active} onClick={() => commit(null, null)}>
                  <X aria-hidden className="h-3.5 w-3.5" /> {tf("clear")}
                </Button>
                <Button size="sm" variant="primary" type="submit" disabled={problem !== null}>
                  {tf("apply")}
                </Button>
              </div>
            </form>
          </div>
        ) : null}
      </div>
    </div>
  );
}
