"use client";

import { Wallet } from "lucide-react";
import { useTranslations } from "next-intl";
import { Skeleton } from "@/components/ui/skeleton";
import { formatBRL } from "@/lib/pix/money";
import { cn } from "@/lib/utils";
import { useBalance } from "./use-balance";

/**
 * The available balance, small, for the header (and the overview): "Available R$ 1.234,56",
 * with blocked and total in its title. Loading is a placeholder of the same size; a failed read
 * says "Balance unavailable" and nothing else breaks. Render it only for roles that send or
 * approve (GET /api/balance refuses the others). `compact` (the header) shows the word "Available"
 * only from 3xl (1600 px): below it the icon and the amount leave room for the links; the word is
 * still read out.
 */
export function BalanceBadge({ className, size = "sm", compact = false }: { className?: string; size?: "sm" | "md"; compact?: boolean }) {
  const t = useTranslations("balance");
  const b = useBalance();
  const box = cn(
    "inline-flex items-center gap-1.5 whitespace-nowrap rounded-md border border-border bg-surface px-2 tabular-nums",
    size === "md" ? "py-1.5 text-sm" : "py-1 text-xs",
    className,
  );
  if (b.state === "loading") {
    return (
      <span className={box} aria-busy="true" data-testid="balance-badge" data-state="loading">
        <Wallet aria-hidden className="h-3.5 w-3.5 text-fg-muted" />
        <span className="sr-only">{t("loading")}</span>
        <Skeleton className="h-3 w-20" />
      </span>
    );
  }
  if (b.state === "unavailable" && !b.balance) {
    return (
      <span className={cn(box, "text-fg-muted")} title={t("unavailableHint")} data-testid="balance-badge" data-state="unavailable">
        <Wallet aria-hidden className="h-3.5 w-3.5" />
        {t("unavailable")}
      </span>
    );
  }
  const balance = b.balance!;
  const title = t("detail", { blocked: formatBRL(balance.blocked_cents), total: formatBRL(balance.total_cents) });
  return (
    <span className={box} title={title} data-testid="balance-badge" data-state={b.state}>
      <Wallet aria-hidden className="h-3.5 w-3.5 text-fg-muted" />
      <span className={cn("text-fg-muted", compact && "sr-only 3xl:not-sr-only")}>{t("available")}</span>
      <span className="font-medium text-fg">{formatBRL(balance.available_cents)}</span>
      <span className="sr-only">{title}</span>
    </span>
  );
}
