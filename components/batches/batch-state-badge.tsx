import { useTranslations } from "next-intl";
import type { Batch, BatchState } from "@/lib/batches/types";
import { finishedCounts } from "@/lib/batches/results";
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
/** A finished batch where some money did not go: not the all-clear green. */
const FINISHED_WITH_LOSSES = "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100";

/**
 * The batch's state in words. A finished batch says how its rows ended ("Concluído: 47 pagas, 3
 * canceladas pelo provedor"), never a bare "Concluído" over rows that were not paid.
 */
export function BatchStateBadge({ batch }: { batch: Pick<Batch, "state" | "progress"> }) {
  const t = useTranslations("batches.batchStates");
  const counts = batch.state === "completed" ? finishedCounts(batch.progress) : null;
  const losses = counts ? counts.canceled + counts.failed + counts.stopped : 0;
  return (
    <span
      data-state={batch.state}
      className={cn("inline-flex items-center border px-2 py-0.5 text-xs font-medium", losses ? `rounded-md ${FINISHED_WITH_LOSSES}` : `whitespace-nowrap rounded-full ${TONE[batch.state]}`)}
    >
      {counts && losses ? t("completedWith", counts) : t(batch.state)}
    </span>
  );
}
