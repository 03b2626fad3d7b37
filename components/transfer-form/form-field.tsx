import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { FieldError, Label } from "@/components/ui/input";
import { cn } from "@/lib/utils";

/** What a field's control needs to be labelled and described (hint and error) accessibly. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
};

/**
 * Label, control, hint and error of one form field. The error is announced (role=alert) and
 * linked to the control with aria-describedby, as is the hint.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      <FieldError id={`${id}-error`} message={error} />
      {hint ? (
        <div id={hintId} className="text-xs text-fg-muted">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

/**
 * A field's error in the reader's language: the form holds message keys (validation.*,
 * formats.*) or, from the server, words already in the reader's language.
 */
export function useFieldError(message: string | undefined): string | undefined {
  const t = useTranslations();
  if (!message) return undefined;
  const key = message as Parameters<typeof t>[0];
  return /^[a-z]+\.[A-Za-z0-9_.]+$/.test(message) && t.has(key) ? t(key) : message;
}
