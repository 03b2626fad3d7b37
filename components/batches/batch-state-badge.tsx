import { useTranslations } from "next-intl";
import type { BatchState } from "@/lib/batches/types";
import { cn } from "@/lib/utils";

const TONE: Record<BatchState, string> = {
  draft: "border-blue-200 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950/40 dark:text-blue-100",
  awaiting_approval: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100",
  sending: "border-blue-200 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950/40 dark:text-blue-100",
  completed: "border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950/40 dark:text-green-100",
  rejected: "border-border bg-surface-muted text-fg-muted",
  canceled: "border-border bg-surface-muted text-fg-muted",
  expired: "border-border bg-surface-muted text-fg-muted",
};

export function BatchStateBadge({ state }: { state: BatchState }) {
  const t = useTranslations("batches.batchStates");
  return (
    <span data-state={state} className={cn("inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium", TONE[state])}>
      {t(state)}
    </span>
  );
}
