"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { DateRangeInput, rangeProblem, type DayRange } from "@/components/ui/date-range-input";
import { FieldError, Label, Select } from "@/components/ui/input";
import { countDays, INSIGHTS_LIMITS } from "@/lib/insights/buckets";
import type { DateField } from "@/lib/insights/schema";
import { resolveDatePreset, type DatePreset } from "@/lib/pix/date-presets";

const OVERVIEW_PRESETS = ["today", "last7", "last30", "thisMonth"] as const satisfies readonly DatePreset[];
/** The preset shown when the URL has no range. */
const DEFAULT_PRESET = "last30";

export type ToolbarPatch = {
  from?: string | null;
  to?: string | null;
  group_by?: "day" | "week";
  date_field?: DateField;
};

function presetRange(preset: DatePreset, now: Date): { from: string; to: string } {
  const { start, end } = resolveDatePreset(preset, now);
  return { from: start.slice(0, 10), to: end.slice(0, 10) };
}

/** Range presets, custom dates (dd/mm/aaaa), day/week grouping and the date field, all written to the URL. */
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
  const t = useTranslations("overview.toolbar");
  const tPresets = useTranslations("table.presets");
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
    <div className="flex flex-wrap items-start gap-x-6 gap-y-3 rounded-lg border border-border bg-surface p-3">
      <div role="group" aria-label={t("presets")} className="flex flex-wrap gap-1">
        {OVERVIEW_PRESETS.map((preset) => (
          <Button
            key={preset}
            size="sm"
            variant={activePreset === preset ? "primary" : "secondary"}
            aria-pressed={activePreset === preset}
            onClick={() => choosePreset(preset)}
          >
            {tPresets(preset)}
          </Button>
        ))}
      </div>
      <CustomRange key={`${range.from}|${range.to}`} range={range} groupBy={groupBy} onChange={onChange} />
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 xl:ml-auto">
        <div role="group" aria-label={t("groupBy")} className="flex items-center gap-1">
          <span className="mr-1 text-sm font-medium text-fg">{t("groupBy")}</span>
          {(["day", "week"] as const).map((g) => {
            const disabled = g === "day" && dayTooLong;
            return (
              <Button
                key={g}
                size="sm"
                variant={groupBy === g ? "primary" : "secondary"}
                aria-pressed={groupBy === g}
                disabled={disabled}
                title={disabled ? t("dayLimit", { max: INSIGHTS_LIMITS.maxDailyBuckets }) : undefined}
                onClick={() => onChange({ group_by: g })}
              >
                {t(g)}
              </Button>
            );
          })}
        </div>
        <div className="flex items-center gap-2">
          <Label htmlFor="overview-date-field" className="whitespace-nowrap">
            {t("datesBy")}
          </Label>
          <Select
            id="overview-date-field"
            compact
            className="w-44"
            value={dateField}
            onChange={(e) => onChange({ date_field: e.target.value === "payment" ? "payment" : "registration" })}
          >
            <option value="registration">{t("registrationDate")}</option>
            <option value="payment">{t("paymentDate")}</option>
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
  const t = useTranslations("overview.toolbar");
  const tRange = useTranslations("table.dateRange");
  const tf = useTranslations("formats.range");
  const [days, setDays] = useState<DayRange>(range);
  const [problem, setProblem] = useState<string | undefined>();

  function apply(event: FormEvent) {
    event.preventDefault();
    const wrong = rangeProblem(days);
    if (wrong === "bothDays") return setProblem(tRange("needBoth"));
    // A start after the end is said under the end field by DateRangeInput itself.
    if (wrong === "startAfterEnd") return setProblem(undefined);
    const count = countDays(days.from, days.to);
    if (count > INSIGHTS_LIMITS.maxRangeDays) return setProblem(t("maxDays", { max: INSIGHTS_LIMITS.maxRangeDays }));
    setProblem(undefined);
    // Long ranges are shown by week: by day they would be refused (more than 93 buckets).
    const patch: ToolbarPatch = { from: days.from, to: days.to };
    if (groupBy === "day" && count > INSIGHTS_LIMITS.maxDailyBuckets) patch.group_by = "week";
    onChange(patch);
  }

  return (
    <form onSubmit={apply} className="flex min-w-0 flex-wrap items-start gap-2" aria-label={t("custom")} noValidate>
      <DateRangeInput idPrefix="overview" value={days} onChange={setDays} compact className="min-w-0" />
      <SubmitButton size="sm" variant={days.from === range.from && days.to === range.to ? "secondary" : "primary"}>
        {tf("apply")}
      </SubmitButton>
      {problem ? (
        <div className="basis-full">
          <FieldError id="overview-range-error" message={problem} />
        </div>
      ) : null}
    </form>
  );
}
