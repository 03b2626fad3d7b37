"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import type { BulkOutcome } from "@/lib/transfers/bulk-decision";
import type { InboxItem } from "@/lib/transfers/inbox-items";
import { cn } from "@/lib/utils";
import { inboxItemHref, useInboxItemName } from "./inbox-table";

const TONE = {
  done: "text-green-800 dark:text-green-300",
  waiting_more: "text-amber-900 dark:text-amber-200",
  refused: "text-red-700 dark:text-red-400",
  not_sent: "text-fg-muted",
} as const;

/** What happened to each chosen item, as it happens: decided, still waiting for others, refused (the server's reason), or not sent. */
export function BulkResults({
  items,
  action,
  outcomes,
  running,
  onClose,
}: {
  items: InboxItem[];
  action: "approve" | "reject";
  outcomes: BulkOutcome[];
  running: boolean;
  onClose: () => void;
}) {
  const t = useTranslations("transfers.bulk");
  const common = useTranslations("common");
  const nameOf = useInboxItemName();
  const byKey = new Map(outcomes.map((o) => [o.key, o.result]));
  const decided = outcomes.filter((o) => o.result.status === "done" || o.result.status === "waiting_more").length;
  const words = (status: string, reason?: string) =>
    status === "done"
      ? t(action === "approve" ? "result.approved" : "result.rejected")
      : status === "waiting_more"
        ? t("result.approvedWaiting")
        : status === "refused"
          ? t("result.refused", { reason: reason ?? "" })
          : t("result.notSent");

  return (
    <section className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-3" data-testid="bulk-results" aria-labelledby="bulk-results-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="bulk-results-title" className="text-sm font-semibold text-fg" role="status" aria-live="polite">
          {running ? t("running", { done: outcomes.length, count: items.length }) : t("summary", { done: decided, count: items.length })}
        </h3>
        {running ? null : (
          <button type="button" onClick={onClose} className="text-sm text-fg-muted underline-offset-2 hover:text-fg hover:underline">
            {common("actions.close")}
          </button>
        )}
      </div>
      <ul className="flex flex-col gap-1 text-sm">
        {items.map((item) => {
          const result = byKey.get(item.key);
          return (
            <li key={item.key} data-id={item.id} data-result={result?.status ?? "pending"} className="flex flex-wrap items-baseline gap-x-2">
              <Link href={inboxItemHref(item)} className="min-w-0 truncate font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
                {nameOf(item)}
              </Link>
              <span className={cn("min-w-0", result ? TONE[result.status] : "text-fg-muted")}>
                {result ? words(result.status, result.status === "refused" ? result.reason : undefined) : t("result.pending")}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
