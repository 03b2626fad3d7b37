"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FieldError, Input, Label, Select } from "@/components/ui/input";
import { countDays, INSIGHTS_LIMITS, isCalendarDay } from "@/lib/insights/buckets";
import type { DateField } from "@/lib/insights/schema";
import { DATE_PRESET_LABELS, resolveDatePreset, type DatePreset } from "@/lib/pix/date-presets";
import { cn } from "@/lib/utils";

export const OVERVIEW_PRESETS = ["today", "last7", "last30", "thisMonth"] as const satisfies readonly DatePreset[];
/** The preset shown when the URL has no range. */
export const DEFAULT_PRESET = "last30";

export type ToolbarPatch = {
  from?: string | null;
  to?: string | null;
  group_by?: "day" | "week";
  date_field?: DateField;
};

export function presetRange(preset: DatePreset, now: Date): { from: string; to: string } {
  const { start, end } = resolveDatePreset(preset, now);
  return { from: start.slice(0, 10), to: end.slice(0, 10) };
}

/** Range presets, custom dates, day/week grouping and the date field, all written to the URL. */
export function RangeToolbar({
  range,
  urlHasRange,
  groupBy,
  dateField,
  onChange,
}: {
  range: { from: string; to: string };
  urlHasRange: boolean;
  groupBy: "day" | "week";
  dateField: DateField;
  onChange: (patch: ToolbarPatch) => void;
}) {
  const now = new Date();
  const activePreset = !urlHasRange
    ? DEFAULT_PRESET
    : OVERVIEW_PRESETS.find((p) => {
        const r = presetRange(p, now);
        return r.from === range.from && r.to === range.to;
      });
  const days = countDays(range.from, range.to);
  const dayTooLong = days > INSIGHTS_LIMITS.maxDailyBuckets;

  function choosePreset(preset: DatePreset) {
    if (preset === DEFAULT_PRESET) return onChange({ from: null, to: null });
    onChange(presetRange(preset, now));
  }

  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-3 rounded-lg border border-border bg-surface p-3">
      <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
        <div role="group" aria-label="Date range presets" className="flex flex-wrap gap-1">
          {OVERVIEW_PRESETS.map((preset) => (
            <Button
              key={preset}
              size="sm"
              variant={activePreset === preset ? "primary" : "secondary"}
              aria-pressed={activePreset === preset}
              onClick={() => choosePreset(preset)}
            >
              {DATE_PRESET_LABELS[preset]}
            </Button>
          ))}
        </div>
        <CustomRange key={`${range.from}|${range.to}`} range={range} groupBy={groupBy} onChange={onChange} />
      </div>
      <div className="ml-auto flex flex-wrap items-center gap-x-5 gap-y-2">
        <div role="group" aria-label="Group by" className="flex items-center gap-1">
          <span className="mr-1 text-sm font-medium text-fg">Group by</span>
          {(["day", "week"] as const).map((g) => {
            const disabled = g === "day" && dayTooLong;
            return (
              <Button
                key={g}
                size="sm"
                variant={groupBy === g ? "primary" : "secondary"}
                aria-pressed={groupBy === g}
                disabled={disabled}
                title={disabled ? `At most ${INSIGHTS_LIMITS.maxDailyBuckets} days can be shown by day` : undefined}
                onClick={() => onChange({ group_by: g })}
              >
                {g === "day" ? "Day" : "Week"}
              </Button>
            );
          })}
        </div>
        <div className="flex items-center gap-2">
          <Label htmlFor="overview-date-field">Dates by</Label>
          <Select
            id="overview-date-field"
            compact
            className="w-48"
            value={dateField}
            onChange={(e) => onChange({ date_field: e.target.value === "payment" ? "payment" : "registration" })}
          >
            <option value="registration">Registration date</option>
            <option value="payment">Payment date</option>
          </Select>
        </div>
      </div>
    </div>
  );
}

function CustomRange({
  range,
  groupBy,
  onChange,
}: {
  range: { from: string; to: string };
  groupBy: "day" | "week";
  onChange: (patch: ToolbarPatch) => void;
}) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [problem, setProblem] = useState<string | undefined>();

  function apply(event: FormEvent) {
    event.preventDefault();
    if (!isCalendarDay(from) || !isCalendarDay(to)) return setProblem("Enter both dates");
    if (from > to) return setProblem("The start date is after the end date");
    const days = countDays(from, to);
    if (days > INSIGHTS_LIMITS.maxRangeDays) return setProblem(`At most ${INSIGHTS_LIMITS.maxRangeDays} days at once`);
    setProblem(undefined);
    // Long ranges are shown by week: by day they would be refused (more than 93 buckets).
    const patch: ToolbarPatch = { from, to };
    if (groupBy === "day" && days > INSIGHTS_LIMITS.maxDailyBuckets) patch.group_by = "week";
    onChange(patch);
  }

  return (
    <form onSubmit={apply} className="flex flex-wrap items-center gap-2" aria-label="Custom date range" noValidate>
      <div className="flex items-center gap-2">
        <Label htmlFor="overview-from">From</Label>
        <Input id="overview-from" type="date" compact className="w-36" value={from} onChange={(e) => setFrom(e.target.value)} aria-invalid={!!problem} aria-describedby={problem ? "overview-range-error" : undefined} />
      </div>
      <div className="flex items-center gap-2">
        <Label htmlFor="overview-to">To</Label>
        <Input id="overview-to" type="date" compact className="w-36" value={to} onChange={(e) => setTo(e.target.value)} aria-invalid={!!problem} aria-describedby={problem ? "overview-range-error" : undefined} />
      </div>
      <Button type="submit" size="sm" className={cn(from === range.from && to === range.to && "opacity-70")}>
        Apply
      </Button>
      {problem ? (
        <div className="basis-full">
          <FieldError id="overview-range-error" message={problem} />
        </div>
      ) : null}
    </form>
  );
}
