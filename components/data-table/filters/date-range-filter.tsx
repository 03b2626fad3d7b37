"use client";

import { CalendarRange } from "lucide-react";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useId } from "react";
import { Label } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import type { DateRangeFilterMeta, FilterPatch } from "../features";
import { useDisclosure } from "../use-disclosure";

const PANEL_WIDTH = 320;
const loadPanel = () => import("./date-range-panel");
const DateRangePanel = lazy(() => loadPanel().then((m) => ({ default: m.DateRangePanel })));

/** The trigger looks like the text fields beside it (a field-sized secondary button). */
const TRIGGER =
  "inline-flex h-9 w-full items-center justify-start gap-2 whitespace-nowrap rounded-md border border-border bg-surface px-2.5 text-sm font-normal transition-colors hover:bg-surface-muted disabled:pointer-events-none disabled:opacity-50 cursor-pointer";

/**
 * A date range in a panel under its button (date-range-panel.tsx). The panel's code is fetched
 * when the pointer or focus reaches the button, or at the first opening.
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
  const active = start !== null && end !== null;

  function commit(nextStart: string | null, nextEnd: string | null) {
    onCommit({ [meta.startKey]: nextStart, [meta.endKey]: nextEnd });
    close();
  }

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Label htmlFor={`${id}-trigger`}>{meta.label}</Label>
      <div className="relative">
        <button
          type="button"
          id={`${id}-trigger`}
          data-filter-key={meta.startKey}
          {...triggerProps}
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
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
            <Suspense fallback={<div className="h-40" aria-busy="true" />}>
              <DateRangePanel meta={meta} start={start} end={end} idPrefix={`${id}-range`} commit={commit} />
            </Suspense>
          </div>
        ) : null}
      </div>
    </div>
  );
}
