"use client";

import { useTranslations } from "next-intl";
import { useState, type ComponentProps, type FocusEvent } from "react";
import { FieldError } from "@/components/ui/input";
import { MaskedInput } from "@/components/ui/masked-input";
import { AMOUNT_KEEPS, maskAmount } from "@/lib/pix/masks";
import { formatBRLNumber, parseBRL, type ParseBRLErrorCode } from "@/lib/pix/money";

/** The reason a typed amount cannot be read, as a message key of "formats.amount.problems"; null when it reads. */
function amountProblem(text: string): ParseBRLErrorCode | null {
  const parsed = parseBRL(text);
  return parsed.ok ? null : parsed.code;
}

type AmountInputProps = Omit<ComponentProps<typeof MaskedInput>, "mask" | "keeps" | "onBlur"> & {
  /** The cents the text reads as, or null, on every change (the form's number). */
  onCentsChange?: (cents: number | null) => void;
  /** A message of the caller's (over the limit, required...), shown instead of the field's own. */
  error?: string;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
};

/**
 * An amount in reais typed the Brazilian way, "1.234,56" ("1234,56" and "1234.56" are read too),
 * with "R$" before it. Only digits, dots and a comma can be typed; once the field is left, a
 * readable amount is shown tidy ("1.234,56") and an unreadable one says why in the UI's
 * language. The text is the value (controlled); `onCentsChange` gives the integer cents.
 */
export function AmountInput({ id, value, onValueChange, onCentsChange, error, onBlur, className, ...props }: AmountInputProps) {
  const t = useTranslations("formats.amount");
  const [touched, setTouched] = useState(false);
  const problem = value.trim() === "" ? null : amountProblem(value);
  const shownError = error ?? (touched && problem ? t(`problems.${problem}`) : undefined);
  const errorId = `${id}-error`;

  function change(text: string) {
    onValueChange(text);
    const parsed = parseBRL(text);
    onCentsChange?.(parsed.ok ? parsed.cents : null);
  }

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="relative">
        <span aria-hidden className="pointer-events-none absolute inset-y-0 left-0 flex w-9 items-center justify-center text-sm text-fg-muted">
          {t("currency")}
        </span>
        <MaskedInput
          {...props}
          id={id}
          mask={maskAmount}
          keeps={AMOUNT_KEEPS}
          value={value}
          onValueChange={change}
          inputMode="decimal"
          placeholder={props.placeholder ?? t("placeholder")}
          iconStart
          className={["text-right tabular-nums", className].filter(Boolean).join(" ")}
          aria-invalid={Boolean(shownError)}
          aria-describedby={[props["aria-describedby"], shownError ? errorId : undefined].filter(Boolean).join(" ") || undefined}
          onBlur={(event) => {
            setTouched(true);
            const parsed = parseBRL(value);
            if (parsed.ok && formatBRLNumber(parsed.cents) !== value) onValueChange(formatBRLNumber(parsed.cents));
            onBlur?.(event);
          }}
        />
      </div>
      <FieldError id={errorId} message={shownError} />
    </div>
  );
}
