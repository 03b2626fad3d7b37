import { Info } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** A calm, informative message (not an error): e.g. ignored URL values, nothing found. */
export function Notice({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div role="status" className={cn("flex items-start gap-2 rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-950 dark:border-blue-900 dark:bg-blue-950/40 dark:text-blue-100", className)}>
      <Info aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}

/** The box of an error message in a form (red, readable in both themes). */
export const ERROR_BOX =
  "rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100";

/**
 * A form's refusal: the alert region is always there (so the message is announced when it
 * arrives) and boxed only when it holds one.
 */
export function FormAlert({ id, message }: { id?: string; message: ReactNode }) {
  return (
    <div id={id} role="alert" aria-live="assertive" className={message ? ERROR_BOX : "sr-only"}>
      {message}
    </div>
  );
}
