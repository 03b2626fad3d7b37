"use client";

import { FieldError, Label } from "@/components/ui/input";

/**
 * The reason typed when rejecting a request (one request's decision form, or several at once
 * from the inbox): at most 500 characters, its error read out with it.
 */
export function RejectReasonField({
  id,
  label,
  value,
  error,
  rows,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  rows: number;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        value={value}
        maxLength={500}
        rows={rows}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        className="rounded-md border border-border bg-surface p-2 text-sm text-fg aria-[invalid=true]:border-red-600"
      />
      <FieldError id={`${id}-error`} message={error} />
    </>
  );
}
