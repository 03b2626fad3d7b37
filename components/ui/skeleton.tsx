import { cn } from "@/lib/utils";

/** A grey placeholder; `pill` rounds it fully (a badge's place). Size it with className. */
export function Skeleton({ className, pill }: { className?: string; pill?: boolean }) {
  return <div aria-hidden className={cn("animate-pulse bg-surface-muted", pill ? "rounded-full" : "rounded", className)} />;
}
