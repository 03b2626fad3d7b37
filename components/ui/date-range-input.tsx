"use client";

import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { DateInput } from "@/components/ui/date-input";
import { FieldError, Label } from "@/components/ui/input";
import { cn } from "@/lib/utils";

export type DayRange = { from: string; to: string };

/** Why a range cannot be applied yet: a day missing or unreadable, or the days out of order. */
type RangeProblem = "bothDays" | "startAfterEnd" | null;

export function rangeProblem({ from, to }: DayRange): RangeProblem {
  if (!from || !to) return "bothDays";
  return from > to ? "startAfterEnd" : null;
}

/**
 * "From" and "To" days typed as dd/mm/aaaa (each a DateInput), with the order checked: a start
 * after the end is said under the end field. Values are ISO days. Controlled (`value`,
 * `onChange`) or, in a server-rendered plain form, uncontrolled (`defaultValue` and `names`: the
 * days travel as hidden fields). `errors` are the server's words for a value it could not read.
 */
export function DateRangeInput({
  idPrefix,
  value: controlled,
  onChange,
  defaultValue = { from: "", to: "" },
  names,
  labels,
  errors = {},
  compact,
  hint,
  className,
}: {
  idPrefix: string;
  value?: DayRange;
  onChange?: (range: DayRange) => void;
  defaultValue?: DayRange;
  names?: { from: string; to: string };
  labels?: { from?: string; to?: string };
  errors?: { from?: string; to?: string };
  compact?: boolean;
  /** Say under the fields that both days count, in Brazil time. */
  hint?: boolean;
  className?: string;
}) {
  // The date range words live with the table's filter (one source per word).
  const t = useTranslations("table.dateRange");
  const [own, setOwn] = useState(defaultValue);
  // Each field's message, shown under the pair at full width (a narrow column would break it word by word).
  const [shown, setShown] = useState<{ from?: string; to?: string }>({});
  const showFrom = useCallback((message: string | undefined) => setShown((s) => (s.from === message ? s : { ...s, from: message })), []);
  const showTo = useCallback((message: string | undefined) => setShown((s) => (s.to === message ? s : { ...s, to: message })), []);
  const value = controlled ?? own;
  const change = (next: DayRange) => (controlled ? onChange?.(next) : setOwn(next));
  const order = value.from && value.to && value.from > value.to ? t("startAfterEnd") : undefined;
  const hintId = `${idPrefix}-hint`;

  return (
    <div className={cn("flex min-w-0 flex-col gap-1", className)}>
      <div
        className={cn(
          "grid gap-2",
          // Compact (a toolbar): label and field side by side, the pair on one line from `sm` up.
          compact ? "grid-cols-[auto_8.5rem] items-center sm:grid-cols-[auto_8.5rem_auto_8.5rem]" : "grid-cols-2",
        )}
      >
        {(["from", "to"] as const).map((end) => (
          <div key={end} className={compact ? "contents" : "flex min-w-0 flex-col gap-1"}>
            <Label htmlFor={`${idPrefix}-${end}`}>
              {labels?.[end] ?? t(end)}
            </Label>
            <DateInput
              id={`${idPrefix}-${end}`}
              name={names?.[end]}
              value={value[end]}
              compact={compact}
              onChange={(day) => change({ ...value, [end]: day })}
              // An unreadable end leaves its value empty, so the order is only judged on two real days.
              error={errors[end] ?? (end === "to" ? order : undefined)}
              onShownErrorChange={end === "from" ? showFrom : showTo}
              aria-describedby={hint ? hintId : undefined}
            />
          </div>
        ))}
      </div>
      <FieldError id={`${idPrefix}-from-error`} message={shown.from} />
      <FieldError id={`${idPrefix}-to-error`} message={shown.to} />
      {hint ? (
        <p id={hintId} className="text-xs text-fg-muted">
          {t("bothIncluded")}
        </p>
      ) : null}
    </div>
  );
}
