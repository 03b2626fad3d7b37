import { useTranslations } from "next-intl";
import type { TransferState } from "@/lib/transfers/states";
import { cn } from "@/lib/utils";

const TONE: Record<TransferState, string> = {
  scheduled: "border-indigo-200 bg-indigo-50 text-indigo-900 dark:border-indigo-800 dark:bg-indigo-950/40 dark:text-indigo-100",
  awaiting_approval: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100",
  approved: "border-blue-200 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950/40 dark:text-blue-100",
  submitting: "border-blue-200 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950/40 dark:text-blue-100",
  registered: "border-teal-300 bg-teal-50 text-teal-900 dark:border-teal-800 dark:bg-teal-950/40 dark:text-teal-100",
  paid: "border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950/40 dark:text-green-100",
  provider_canceled: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100",
  refused: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100",
  failed: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100",
  held: "border-orange-300 bg-orange-50 text-orange-900 dark:border-orange-700 dark:bg-orange-950/40 dark:text-orange-100",
  outcome_unknown: "border-orange-300 bg-orange-50 text-orange-900 dark:border-orange-700 dark:bg-orange-950/40 dark:text-orange-100",
  rejected: "border-border bg-surface-muted text-fg-muted",
  canceled: "border-border bg-surface-muted text-fg-muted",
  expired: "border-border bg-surface-muted text-fg-muted",
};

/** A transfer request's state in words (never by colour alone). */
export function TransferStateBadge({ state, className, wrap = false }: { state: TransferState; className?: string; /** Long words may break onto two lines (narrow columns). */ wrap?: boolean }) {
  const t = useTranslations("glossary.transferState");
  return (
    <span
      data-state={state}
      className={cn("inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium", wrap ? "whitespace-normal" : "whitespace-nowrap", TONE[state], className)}
    >
      {t(state)}
    </span>
  );
}
