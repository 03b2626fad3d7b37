"use client";

import { AlertTriangle } from "lucide-react";
import { useTranslations } from "next-intl";
import { formatBRL } from "@/lib/pix/money";
import { useBalance } from "./use-balance";

/**
 * Beside an amount someone is about to confirm (the New transfer review step, a batch's
 * preview): a warning when it is larger than the available balance, since the provider would
 * answer 422 "Insufficient funds". Says nothing while the balance loads or when it is enough;
 * a balance that cannot be read is said in one muted line, and never blocks the confirmation.
 */
export function BalanceCheck({ amountCents, kind = "transfer" }: { amountCents: number; kind?: "transfer" | "batch" }) {
  const t = useTranslations("balance");
  const b = useBalance();
  if (b.state === "unavailable" && !b.balance) {
    return (
      <p className="text-xs text-fg-muted" data-testid="balance-check" data-state="unavailable">
        {t("checkUnavailable")}
      </p>
    );
  }
  if (!b.balance || !b.exceeds(amountCents)) return null;
  return (
    <div
      role="alert"
      data-testid="balance-check"
      data-state="exceeds"
      className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <p>
        {t(kind === "batch" ? "exceedsBatch" : "exceedsTransfer", {
          amount: formatBRL(amountCents),
          available: formatBRL(b.balance.available_cents),
        })}
      </p>
    </div>
  );
}
