"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { transferQueries } from "@/lib/queries/transfers";
import { CountBadge } from "./count-badge";

/** Beside "Transfers" for approvers: how many requests wait for their decision (live). */
export function InboxBadge() {
  const t = useTranslations("transfers");
  const { data } = useQuery(transferQueries.inbox());
  return <CountBadge count={data?.count ?? 0} words={(count) => t("inboxBadge", { count })} tone="amber" testId="inbox-badge" />;
}
