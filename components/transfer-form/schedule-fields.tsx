"use client";

import { Moon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Controller } from "react-hook-form";
import { DateInput } from "@/components/ui/date-input";
import { Input, Label, Select } from "@/components/ui/input";
import { formatBrazilDay } from "@/lib/pix/date-input";
import { occurrenceDays } from "@/lib/transfer-form/schedule-view";
import { toPayableBody } from "@/lib/transfer-form/to-request-body";
import { isPixNightWindow } from "@/lib/transfers/night-window";
import { RECURRENCE_EVERY, scheduleDayProblem, sendInstant, SERIES_MAX_OCCURRENCES } from "@/lib/transfers/schedule";
import { BusinessDayHint } from "./business-day-hint";
import { FormField, useFieldError } from "./form-field";
import type { RegisterForm } from "./form-types";
import { OccurrenceList } from "./occurrence-list";

/**
 * "Agendar para" (optional: empty sends it now) and "Repetir" (weekly or monthly, a number of
 * times or until a day). Says what the day means before the review: a weekend or holiday with the
 * next business day, the hour it goes out, the Pix night window when that hour falls in it, and
 * every day a series will create.
 */
export function ScheduleFields({ form, sendTime }: { form: RegisterForm; sendTime: string }) {
  const t = useTranslations("register.schedule");
  const a = useTranslations("approvals");
  const { control, formState, register, setValue, watch } = form;
  const values = watch();
  const day = values.scheduled_for;
  const dayOk = day !== "" && scheduleDayProblem(day, new Date()) === null;
  const days = dayOk ? occurrenceDays(toPayableBody(values)) : [];
  const dayError = useFieldError(formState.errors.scheduled_for?.message);
  const countError = useFieldError(formState.errors.repeat_count?.message);
  const untilError = useFieldError(formState.errors.repeat_until?.message);
  const repeatError = useFieldError(formState.errors.repeat?.message);

  return (
    <fieldset className="flex flex-col gap-4" data-testid="schedule-fields">
      <legend className="mb-1 text-sm font-medium text-fg">{t("legend")}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="register-scheduled-for">{t("dayLabel")}</Label>
          <Controller
            name="scheduled_for"
            control={control}
            render={({ field }) => (
              <DateInput
                id="register-scheduled-for"
                value={field.value}
                onChange={(next) => field.onChange(next)}
                onProblemChange={(problem) => setValue("scheduled_for_problem", problem ?? "")}
                error={dayError}
                aria-describedby="register-scheduled-for-hint"
              />
            )}
          />
          <div id="register-scheduled-for-hint" className="flex flex-col gap-1 text-xs text-fg-muted" aria-live="polite">
            {dayOk ? <span data-testid="schedule-sends-at">{t("sendsAt", { day: formatBrazilDay(day), time: sendTime })}</span> : <span>{t("dayHint")}</span>}
            {dayOk ? <BusinessDayHint day={day} testId="business-day-hint" /> : null}
            {dayOk && isPixNightWindow(sendInstant(day, sendTime)) ? (
              <span className="flex items-start gap-1.5 font-medium text-amber-800 dark:text-amber-300" role="note">
                <Moon aria-hidden className="mt-0.5 h-3.5 w-3.5 shrink-0" />
                {a("nightWindow")}
              </span>
            ) : null}
          </div>
        </div>
        <FormField id="register-repeat" label={t("repeatLabel")} error={repeatError}>
          {(fieldControl) => (
            <Select {...fieldControl} {...register("repeat")} disabled={!day}>
              <option value="">{t("once")}</option>
              {RECURRENCE_EVERY.map((every) => (
                <option key={every} value={every}>
                  {t(`every.${every}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      {values.repeat && day ? (
        <div className="flex flex-col gap-3 rounded-md border border-border p-3">
          <div role="radiogroup" aria-label={t("endLabel")} className="flex flex-wrap items-start gap-x-6 gap-y-3">
            <div className="flex flex-col gap-1.5">
              <label className="flex items-center gap-2 text-sm text-fg">
                <input type="radio" value="count" {...register("repeat_end")} />
                {t("endCount")}
              </label>
              <Input
                id="register-repeat-count"
                aria-label={t("countLabel")}
                {...register("repeat_count")}
                inputMode="numeric"
                className="w-28"
                disabled={values.repeat_end !== "count"}
                placeholder={t("countPlaceholder", { max: SERIES_MAX_OCCURRENCES })}
                aria-invalid={Boolean(countError)}
              />
              {countError ? <span className="text-xs text-red-700 dark:text-red-400" role="alert">{countError}</span> : null}
            </div>
            <div className="flex flex-col gap-1.5">
              <label className="flex items-center gap-2 text-sm text-fg">
                <input type="radio" value="until" {...register("repeat_end")} />
                {t("endUntil")}
              </label>
              <Controller
                name="repeat_until"
                control={control}
                render={({ field }) => (
                  <DateInput
                    id="register-repeat-until"
                    aria-label={t("untilLabel")}
                    value={field.value}
                    onChange={(next) => field.onChange(next)}
                    onProblemChange={(problem) => setValue("repeat_until_problem", problem ?? "")}
                    error={untilError}
                    disabled={values.repeat_end !== "until"}
                  />
                )}
              />
            </div>
          </div>
          {days.length > 1 ? (
            <div className="flex flex-col gap-1.5 text-sm">
              <span className="text-fg-muted">{t("willCreate", { count: days.length })}</span>
              <OccurrenceList days={days} />
            </div>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
