import { ArrowDownLeft, ArrowUpRight, CalendarArrowDown, CalendarArrowUp, Landmark, Scale } from "lucide-react";
import { useTranslations } from "next-intl";
import type { StatementAnswer } from "@/lib/statement/answer";
import { formatBRL } from "@/lib/pix/money";
import { formatBrazilDateTime } from "@/lib/pix/time";
import { cn } from "@/lib/utils";

function Tile({ label, value, hint, icon: Icon, tone, testId }: { label: string; value: string; hint?: string; icon: typeof Scale; tone?: "in" | "out"; testId: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg border border-border bg-surface p-3" data-testid={testId}>
      <span className="flex items-center gap-1.5 text-xs font-medium text-fg-muted">
        <Icon aria-hidden className="h-3.5 w-3.5" /> {label}
      </span>
      <span
        className={cn(
          "whitespace-nowrap text-xl font-semibold tabular-nums",
          tone === "in" ? "text-emerald-700 dark:text-emerald-400" : tone === "out" ? "text-red-700 dark:text-red-400" : "text-fg",
        )}
      >
        {value}
      </span>
      {hint ? <span className="text-xs text-fg-muted">{hint}</span> : null}
    </div>
  );
}

/**
 * Money in and out over the whole period (each list's totals), the net, the balance now, and the
 * balances at the period's edges (worked back from the balance now, which the page says).
 */
export function StatementTotals({ data }: { data: StatementAnswer }) {
  const t = useTranslations("statement.totals");
  const { totals, counts, balance, balances } = data;
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2">
        <Tile testId="statement-opening" icon={CalendarArrowUp} label={t("opening")} value={formatBRL(balances.opening_cents)} />
        <Tile testId="statement-closing" icon={CalendarArrowDown} label={t("closing")} value={formatBRL(balances.closing_cents)} />
      </div>
      <p className="text-xs text-fg-muted" data-testid="statement-balances-note">{t("balancesNote")}</p>
      <div className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-4">
        <Tile testId="statement-in" icon={ArrowDownLeft} tone="in" label={t("in")} value={formatBRL(totals.in_cents)} hint={t("count", { n: counts.in })} />
        <Tile testId="statement-out" icon={ArrowUpRight} tone="out" label={t("out")} value={formatBRL(-totals.out_cents)} hint={t("count", { n: counts.out })} />
        <Tile testId="statement-net" icon={Scale} label={t("net")} value={formatBRL(totals.in_cents - totals.out_cents)} />
        <Tile
          testId="statement-balance"
          icon={Landmark}
          label={t("balance")}
          value={formatBRL(balance.available_cents)}
          hint={`${t("balanceHint")} · ${formatBrazilDateTime(balance.checked_at)}`}
        />
      </div>
    </div>
  );
}
