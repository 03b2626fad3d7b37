"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { transferQueries } from "@/lib/queries/transfers";
import { CountBadge } from "./count-badge";

/** Beside "Transfers" for operators and admins: how many transfers need a person (live). */
export function AttentionBadge() {
  const t = useTranslations("transfers.attention");
  const { data } = useQuery(transferQueries.attentionCount());
  return <CountBadge count={data?.count ?? 0} words={(count) => t("badge", { count })} tone="red" testId="attention-badge" />;
}
