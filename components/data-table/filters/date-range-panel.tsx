"use client";

import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { DateRangeInput, rangeProblem, type DayRange } from "@/components/ui/date-range-input";
import type { DateRangeFilterMeta } from "../features";

/**
 * What the date range filter's panel holds: presets, or a start and an end day typed as
 * dd/mm/aaaa (or picked from a calendar) whatever the browser's locale. Apply stays disabled
 * until both ends are real days in order, so a half-filled range (the provider's 400) cannot
 * be sent. Fetched when the filter is about to open (date-range-filter.tsx): the day fields and
 * their calendar are not part of the list's first load.
 */
export function DateRangePanel({
  meta,
  start,
  end,
  idPrefix,
  commit,
}: {
  meta: DateRangeFilterMeta;
  start: string | null;
  end: string | null;
  idPrefix: string;
  commit: (start: string | null, end: string | null) => void;
}) {
  const t = useTranslations("table.dateRange");
  const tf = useTranslations("formats.range");
  // The panel mounts on each opening: it starts from the range in the URL.
  const [range, setRange] = useState<DayRange>({ from: start ? meta.toDay(start) : "", to: end ? meta.toDay(end) : "" });
  const problem = rangeProblem(range);
  return (
    <>
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
        <DateRangeInput idPrefix={idPrefix} value={range} onChange={setRange} hint />
        {problem === "bothDays" ? <p className="text-xs text-fg-muted">{t("needBoth")}</p> : null}
        <div className="flex justify-between gap-2">
          <Button size="sm" variant="ghost" disabled={start === null || end === null} onClick={() => commit(null, null)}>
            <X aria-hidden className="h-3.5 w-3.5" /> {tf("clear")}
          </Button>
          <SubmitButton size="sm" variant="primary" disabled={problem !== null}>
            {tf("apply")}
          </SubmitButton>
        </div>
      </form>
    </>
  );
}
