"use client";

import { CalendarDays } from "lucide-react";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useEffect, useRef, useState, type FocusEvent } from "react";
import { FieldError } from "@/components/ui/input";
import { MaskedInput } from "@/components/ui/masked-input";
import { useHydrated } from "@/components/ui/use-hydrated";
import { DATE_MASK_LENGTH, formatBrazilDay, maskBrazilDate, parseBrazilDay, type DateInputProblem } from "@/lib/pix/date-input";
import { brazilDayKey } from "@/lib/pix/time";
import { cn } from "@/lib/utils";

// The month grid loads when a calendar is first opened: most days are typed, and /payments keeps
// its JavaScript budget.
const Calendar = lazy(() => import("@/components/ui/calendar").then((m) => ({ default: m.Calendar })));

type DateInputProps = {
  id: string;
  /** The day, ISO ("2026-03-01"), or "" for none. */
  value: string;
  /** A readable day (ISO), or "" while the field is empty or does not hold a whole real day. */
  onChange: (day: string) => void;
  /** What is wrong with the text right now (null: empty or a real day), for a form's own checks. */
  onProblemChange?: (problem: DateInputProblem | null) => void;
  /** For a plain form: the ISO day travels in a hidden field of this name. */
  name?: string;
  /** A message of the caller's (a range out of order), shown instead of the field's own. */
  error?: string;
  /**
   * The caller shows the message (a range puts both fields' messages under the pair, full
   * width): the field then renders none and reports the one to show, under id `${id}-error`.
   */
  onShownErrorChange?: (message: string | undefined) => void;
  compact?: boolean;
  className?: string;
  disabled?: boolean;
  required?: boolean;
  "aria-describedby"?: string;
  "aria-label"?: string;
};

/**
 * A day typed as dd/mm/aaaa whatever the browser's locale (never a native date input, which
 * shows mm/dd/yyyy on an American browser): a mask puts the slashes in, a calendar button
 * opens a month to pick from, and an impossible day (31/04, 29/02/2026) is named in the UI's
 * language when the field is left. The value is an ISO day.
 */
export function DateInput({
  id,
  value,
  onChange,
  onProblemChange,
  onShownErrorChange,
  name,
  error,
  compact,
  className,
  disabled,
  required,
  ...aria
}: DateInputProps) {
  const t = useTranslations("formats.date");
  const hydrated = useHydrated();
  const [text, setText] = useState(() => formatBrazilDay(value));
  const [shownFor, setShownFor] = useState(value);
  const [touched, setTouched] = useState(false);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // A value from outside (a preset, Clear, the calendar) replaces what is shown; the value this
  // field reported itself (`shownFor`) does not, so half-typed text stays while it is typed.
  if (value !== shownFor) {
    setShownFor(value);
    setText(formatBrazilDay(value));
  }

  const parsed = parseBrazilDay(text);
  const problem = parsed.ok || parsed.problem === "empty" ? null : parsed.problem;
  const shownError = error ?? (touched && problem ? t(`problems.${problem}`) : undefined);
  const errorId = `${id}-error`;

  useEffect(() => {
    onShownErrorChange?.(shownError);
  }, [onShownErrorChange, shownError]);

  function change(masked: string) {
    setText(masked);
    const next = parseBrazilDay(masked);
    const day = next.ok ? next.day : "";
    onProblemChange?.(next.ok || next.problem === "empty" ? null : next.problem);
    setShownFor(day);
    if (day !== value) onChange(day);
  }

  useEffect(() => {
    if (!calendarOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !wrapper.current?.contains(event.target)) setCalendarOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [calendarOpen]);

  function closeCalendar() {
    setCalendarOpen(false);
    button.current?.focus();
  }

  function onBlurWithin(event: FocusEvent<HTMLDivElement>) {
    if (event.relatedTarget instanceof Node && wrapper.current?.contains(event.relatedTarget)) return;
    setTouched(true);
    setCalendarOpen(false);
  }

  const describedBy = [aria["aria-describedby"], shownError ? errorId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div ref={wrapper} className={cn("relative flex min-w-0 flex-col gap-1", className)} onBlur={onBlurWithin}>
      <div className="relative">
        <MaskedInput
          id={id}
          // Before React runs, a plain form sends the typed text itself; after, the ISO day below.
          name={hydrated ? undefined : name}
          mask={(typed) => maskBrazilDate(typed)}
          value={text}
          onValueChange={change}
          inputMode="numeric"
          placeholder={t("placeholder")}
          maxLength={DATE_MASK_LENGTH}
          compact={compact}
          buttonEnd
          className={compact ? "w-full" : undefined}
          disabled={disabled}
          required={required}
          aria-invalid={Boolean(shownError)}
          aria-describedby={describedBy}
          aria-label={aria["aria-label"]}
          data-date-input=""
        />
        <button
          ref={button}
          type="button"
          disabled={disabled}
          aria-label={t("openCalendar")}
          aria-expanded={calendarOpen}
          aria-controls={calendarOpen ? `${id}-calendar` : undefined}
          onClick={() => setCalendarOpen((open) => !open)}
          className="absolute inset-y-0 right-0 inline-flex w-8 cursor-pointer items-center justify-center rounded-r-md text-fg-muted hover:text-fg disabled:pointer-events-none"
        >
          <CalendarDays aria-hidden className="h-4 w-4" />
        </button>
      </div>
      {name && hydrated ? <input type="hidden" name={name} value={value} /> : null}
      {calendarOpen ? (
        <div id={`${id}-calendar`} className="absolute right-0 top-full z-50 mt-1">
          <Suspense fallback={null}>
            <Calendar
              value={value}
              today={brazilDayKey(new Date())}
              onClose={closeCalendar}
              onSelect={(day) => {
                change(formatBrazilDay(day));
                closeCalendar();
              }}
            />
          </Suspense>
        </div>
      ) : null}
      {onShownErrorChange ? null : <FieldError id={errorId} message={shownError} />}
    </div>
  );
}
