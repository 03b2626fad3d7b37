"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { DateRangeInput, rangeProblem, type DayRange } from "@/components/ui/date-range-input";
import { DATE_PRESETS, resolveDatePreset } from "@/lib/pix/date-presets";
import { periodProblem, type StatementPeriod } from "@/lib/statement/period-rules";

/**
 * The statement's period: a quick preset, or two days typed as dd/mm/aaaa (or picked). "Show"
 * stays disabled until both are real days in order and the period fits the longest one allowed.
 */
export function PeriodPicker({ period, onChange }: { period: StatementPeriod; onChange: (period: StatementPeriod) => void }) {
  const t = useTranslations();
  const id = useId();
  // Keyed by the shown period (StatementView), so a preset or the URL resets what is typed.
  const [range, setRange] = useState<DayRange>({ from: period.start, to: period.end });
  const typed = rangeProblem(range) === null ? periodProblem(range.from, range.to) : null;
  const ready = rangeProblem(range) === null && typed === null;

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-3">
      <h2 id={`${id}-title`} className="text-sm font-medium text-fg">
        {t("statement.period")}
      </h2>
      <div role="group" aria-label={t("statement.presetsLabel")} className="flex flex-wrap gap-1.5">
        {DATE_PRESETS.map((preset) => (
          <Button
            key={preset}
            size="sm"
            onClick={() => {
              const r = resolveDatePreset(preset, new Date());
              onChange({ start: r.start.slice(0, 10), end: r.end.slice(0, 10) });
            }}
          >
            {t(`table.presets.${preset}`)}
          </Button>
        ))}
      </div>
      <form
        className="flex flex-wrap items-end gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) onChange({ start: range.from, end: range.to });
        }}
      >
        <DateRangeInput idPrefix={`${id}-range`} value={range} onChange={setRange} className="w-full max-w-sm" hint />
        <SubmitButton variant="primary" disabled={!ready}>
          {t("statement.show")}
        </SubmitButton>
      </form>
      {typed === "tooLong" ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t("statement.errors.tooLong")}
        </p>
      ) : null}
    </section>
  );
}
