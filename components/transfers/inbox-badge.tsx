"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { transferQueries } from "@/lib/queries/transfers";

/** Beside "Transfers" for approvers: how many requests wait for their decision (live). */
export function InboxBadge() {
  const t = useTranslations("transfers");
  const { data } = useQuery(transferQueries.inbox());
  const count = data?.count ?? 0;
  if (count === 0) return null;
  return (
    <span
      className="rounded-full bg-amber-500 px-1.5 text-xs font-semibold leading-5 text-white dark:bg-amber-400 dark:text-gray-950"
      data-testid="inbox-badge"
      title={t("inboxBadge", { count })}
    >
      <span aria-hidden>{count}</span>
      <span className="sr-only">{t("inboxBadge", { count })}</span>
    </span>
  );
}
