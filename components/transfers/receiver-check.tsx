"use client";

import { AlertTriangle, BookUser, UserPlus } from "lucide-react";
import { useTranslations } from "next-intl";
import { formatBrazilDate } from "@/lib/pix";
import type { ReceiverCheck as Check } from "@/lib/transfers/types";

/**
 * What the approver weighs about who is paid, from this back office's own requests: "saved
 * receiver since dd/mm/aaaa" (it came from a saved receiver), or "key changed on dd/mm/aaaa by …"
 * when where its money goes was changed since it was saved, or "first payment to this receiver"
 * (nothing sent to this CPF/CNPJ before), and a name that differs from the one earlier payments
 * to the same document carried, both names shown.
 */
export function ReceiverCheck({ check, receiverName }: { check: Check; receiverName: string }) {
  const t = useTranslations("approvals.receiverCheck");
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="receiver-check">
      {check.saved?.destination_changed ? (
        <p className="flex items-start gap-1.5 font-medium text-amber-800 dark:text-amber-300" role="note" data-testid="saved-receiver-changed">
          <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {t("keyChanged", { date: formatBrazilDate(check.saved.destination_changed.at), by: check.saved.destination_changed.by, nickname: check.saved.nickname })}
        </p>
      ) : check.saved ? (
        <p className="flex items-start gap-1.5 text-fg" data-testid="saved-receiver-since">
          <BookUser aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-fg-muted" />
          {t("savedSince", { date: formatBrazilDate(check.saved.since), nickname: check.saved.nickname })}
        </p>
      ) : check.earlier === 0 ? (
        <p className="flex items-start gap-1.5 font-medium text-amber-800 dark:text-amber-300" role="note" data-testid="first-payment">
          <UserPlus aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {t("firstPayment")}
        </p>
      ) : (
        <p className="text-fg-muted">{t("earlier", { count: check.earlier })}</p>
      )}
      {check.other_names.length ? (
        <p className="flex items-start gap-1.5 font-medium text-red-800 dark:text-red-300" role="note" data-testid="other-names">
          <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {t("otherNames", { name: receiverName, others: check.other_names.map((n) => `“${n}”`).join(", ") })}
        </p>
      ) : null}
    </div>
  );
}
