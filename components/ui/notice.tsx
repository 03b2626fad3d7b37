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
