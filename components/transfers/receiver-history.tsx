"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { formatBRL, formatListParam } from "@/lib/pix";
import { paymentQueries } from "@/lib/queries/payments";

const DAY_MS = 86_400_000;

/**
 * This receiver's payments at the provider in the last 90 days (count and total, from the list's
 * `meta`), made here or elsewhere. Whether this is a first payment or a saved receiver is said
 * beside it from our own requests (./receiver-check.tsx).
 */
export function ReceiverHistory({ document, excludeReference }: { document: string; excludeReference?: string | null }) {
  const t = useTranslations("approvals.receiverHistory");
  const now = new Date();
  const params = {
    receiver_document: document.replace(/\D/g, ""),
    registration_start_date: formatListParam(new Date(now.getTime() - 90 * DAY_MS)),
    registration_end_date: formatListParam(now),
  };
  const query = useQuery({ ...paymentQueries.list(params), staleTime: 60_000 });
  if (query.isPending) return <p className="text-sm text-fg-muted">{t("loading")}</p>;
  if (query.isError) return <p className="text-sm text-fg-muted">{t("unavailable")}</p>;
  const mine = excludeReference ? query.data.payments.filter((p) => p.reference_code === excludeReference) : [];
  const count = query.data.meta.total_items_amount - mine.length;
  const total = query.data.meta.total_value_cents - mine.reduce((sum, p) => sum + p.value_cents, 0);
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="receiver-history">
      <p>
        <span className="text-fg-muted">{t("title")}: </span>
        <span className="font-medium text-fg">{t("count", { count, total: formatBRL(total) })}</span>
      </p>
    </div>
  );
}
