import type { InputHTMLAttributes, LabelHTMLAttributes, SelectHTMLAttributes } from "react";
import { cn } from "@/lib/utils";

const fieldClass =
  "rounded-md border border-border bg-surface text-sm text-fg placeholder:text-fg-muted aria-[invalid=true]:border-red-600 disabled:opacity-60";

/**
 * `compact`: a toolbar field, 2rem high, whose width the caller gives (className "w-36");
 * otherwise full width and 2.25rem high. (`cn` does not merge: see components/ui/button.tsx.)
 */
type FieldSize = { compact?: boolean };
const fieldSize = (compact: boolean | undefined) => (compact ? "h-8" : "h-9 w-full");

/** Room inside the field for an icon at its start or a button at its end. */
type FieldInsets = { iconStart?: boolean; buttonEnd?: boolean };

export function Input({ className, compact, iconStart, buttonEnd, ...props }: InputHTMLAttributes<HTMLInputElement> & FieldSize & FieldInsets) {
  return (
    <input
      className={cn(fieldClass, fieldSize(compact), iconStart ? "pl-9" : "pl-2.5", buttonEnd ? "pr-8" : "pr-2.5", className)}
      {...props}
    />
  );
}

export function Select({ className, compact, ...props }: SelectHTMLAttributes<HTMLSelectElement> & FieldSize) {
  return <select className={cn(fieldClass, fieldSize(compact), "pl-2.5 pr-8", className)} {...props} />;
}

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn("text-sm font-medium text-fg", className)} {...props} />;
}

/** The message under a field: linked by id from the field's aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}
