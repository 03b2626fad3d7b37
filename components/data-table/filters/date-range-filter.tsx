"use client";

import { CalendarRange, X } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input, Label } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import type { DateRangeFilterMeta, FilterPatch } from "../features";
import { useDisclosure } from "../use-disclosure";

const PANEL_WIDTH = 304;

/** The trigger looks like the text fields beside it (a field-sized secondary button). */
const TRIGGER =
  "inline-flex h-9 w-full items-center justify-start gap-2 whitespace-nowrap rounded-md border border-border bg-surface px-2.5 text-sm font-normal transition-colors hover:bg-surface-muted disabled:pointer-events-none disabled:opacity-50 cursor-pointer";

/**
 * A date range in a panel under its button: presets, or a start and an end day. Apply stays disabled until
 * both ends are set and in order, so a half-filled range (the provider's 400) cannot be sent.
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
  const id = useId();
  const { open, close, triggerProps, panelProps } = useDisclosure(PANEL_WIDTH);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const active = start !== null && end !== null;

  function toggle() {
    if (!open) {
      setFrom(start ? meta.toDay(start) : "");
      setTo(end ? meta.toDay(end) : "");
    }
    triggerProps.onClick();
  }

  function commit(nextStart: string | null, nextEnd: string | null) {
    onCommit({ [meta.startKey]: nextStart, [meta.endKey]: nextEnd });
    close();
  }

  const problem = !from || !to ? "Pick both a start and an end day." : from > to ? "The start day is after the end day." : null;
  const hintId = `${id}-hint`;

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
          <span className="truncate">{active ? `${meta.formatValue(start)} – ${meta.formatValue(end)}` : "Any time"}</span>
        </button>
        {open ? (
          <div
            {...panelProps}
            role="dialog"
            aria-label={`${meta.label} date range`}
            className="absolute top-full z-50 mt-1 rounded-lg border border-border bg-surface p-3 text-fg shadow-lg data-[align=end]:right-0 data-[align=start]:left-0"
          >
            <div role="group" aria-label="Presets" className="mb-3 flex flex-wrap gap-1.5">
              {meta.presets.map((preset) => (
                <Button
                  key={preset.id}
                  size="sm"
                  onClick={() => {
                    const range = preset.resolve();
                    commit(range.start, range.end);
                  }}
                >
                  {preset.label}
                </Button>
              ))}
            </div>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                if (!problem) commit(meta.toStartValue(from), meta.toEndValue(to));
              }}
              className="flex flex-col gap-3"
            >
              <div className="grid grid-cols-2 gap-2">
                <div className="flex flex-col gap-1">
                  <Label htmlFor={`${id}-from`}>From</Label>
                  <Input id={`${id}-from`} type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} aria-describedby={hintId} />
                </div>
                <div className="flex flex-col gap-1">
                  <Label htmlFor={`${id}-to`}>To</Label>
                  <Input id={`${id}-to`} type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} aria-describedby={hintId} />
                </div>
              </div>
              <p id={hintId} className="text-xs text-fg-muted">
                {problem ?? "Both days are included, in Brazil time."}
              </p>
              <div className="flex justify-between gap-2">
                <Button size="sm" variant="ghost" disabled={!active} onClick={() => commit(null, null)}>
                  <X aria-hidden className="h-3.5 w-3.5" /> Clear
                </Button>
                <Button size="sm" variant="primary" type="submit" disabled={problem !== null}>
                  Apply
                </Button>
              </div>
            </form>
          </div>
        ) : null}
      </div>
    </div>
  );
}
