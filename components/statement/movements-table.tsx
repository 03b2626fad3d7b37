import { ArrowDownLeft, ArrowUpRight } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import type { Movement } from "@/lib/statement/movements";
import { formatDocument } from "@/lib/pix/document";
import { formatBRL } from "@/lib/pix/money";
import { formatBrazilDateTime } from "@/lib/pix/time";
import { cn } from "@/lib/utils";

const CELL = "px-3 py-2 align-top";

/** One page of movements, newest first: when, which way, who, the end-to-end id, the signed amount. */
export function MovementsTable({ movements }: { movements: Movement[] }) {
  const t = useTranslations();
  if (movements.length === 0) {
    return <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-fg-muted">{t("statement.table.empty")}</p>;
  }
  return (
    <>
      <MovementsList movements={movements} />
      <div className="relative hidden overflow-x-auto rounded-lg border border-border bg-surface sm:block">
      <table className="w-full min-w-[36rem] text-sm" data-testid="statement-table">
        <caption className="sr-only">{t("statement.table.caption")}</caption>
        <thead className="bg-surface-muted text-left text-xs text-fg-muted">
          <tr>
            <th scope="col" className={CELL}>
              {t("statement.columns.date")}
            </th>
            <th scope="col" className={CELL}>
              {t("statement.columns.kind")}
            </th>
            <th scope="col" className={CELL}>
              {t("statement.columns.counterpart")}
            </th>
            <th scope="col" className={cn(CELL, "hidden lg:table-cell")}>
              {t("glossary.endToEnd")}
            </th>
            <th scope="col" className={cn(CELL, "text-right")}>
              {t("statement.columns.amount")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {movements.map((m) => {
            const Icon = m.kind === "in" ? ArrowDownLeft : ArrowUpRight;
            return (
              <tr key={`${m.kind}-${m.reference_code}`}>
                <td className={cn(CELL, "whitespace-nowrap tabular-nums")}>{formatBrazilDateTime(m.date)}</td>
                <td className={cn(CELL, "whitespace-nowrap")}>
                  <span className={cn("inline-flex items-center gap-1", m.kind === "in" ? "text-emerald-700 dark:text-emerald-400" : "text-fg")}>
                    <Icon aria-hidden className="h-3.5 w-3.5" /> {t(`statement.kinds.${m.kind}`)}
                  </span>
                </td>
                <td className={cn(CELL, "min-w-0")}>
                  <div className="font-medium text-fg [overflow-wrap:anywhere]">
                    <Counterpart movement={m} />
                  </div>
                  {m.counterpart_document ? <div className="font-mono text-xs text-fg-muted">{formatDocument(m.counterpart_document)}</div> : null}
                </td>
                <td className={cn(CELL, "hidden font-mono text-xs text-fg-muted lg:table-cell")}>{m.end_to_end ?? "—"}</td>
                <td className={cn(CELL, "whitespace-nowrap text-right font-medium tabular-nums", m.amount_cents > 0 ? "text-emerald-700 dark:text-emerald-400" : "text-fg")}>
                  {formatBRL(m.amount_cents)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      </div>
    </>
  );
}

/** Phones: one card per movement, who and how much first (a five-column table does not fit 390 px). */
function MovementsList({ movements }: { movements: Movement[] }) {
  const t = useTranslations();
  return (
    <ul aria-label={t("statement.table.caption")} className="divide-y divide-border rounded-lg border border-border bg-surface sm:hidden" data-testid="statement-list">
      {movements.map((m) => {
        const Icon = m.kind === "in" ? ArrowDownLeft : ArrowUpRight;
        return (
          <li key={`${m.kind}-${m.reference_code}`} className="flex flex-col gap-0.5 px-3 py-2 text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 font-medium text-fg [overflow-wrap:anywhere]">
                <Counterpart movement={m} />
              </span>
              <span className={cn("whitespace-nowrap font-medium tabular-nums", m.amount_cents > 0 ? "text-emerald-700 dark:text-emerald-400" : "text-fg")}>{formatBRL(m.amount_cents)}</span>
            </div>
            <div className="flex flex-wrap items-center gap-x-2 text-xs text-fg-muted">
              <span className="inline-flex items-center gap-1">
                <Icon aria-hidden className="h-3 w-3" /> {t(`statement.kinds.${m.kind}`)}
              </span>
              <span className="tabular-nums">{formatBrazilDateTime(m.date)}</span>
              {m.counterpart_document ? <span className="font-mono">{formatDocument(m.counterpart_document)}</span> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Who paid or was paid; money in from one of our charges opens that charge (its invoice number as the link's title). */
function Counterpart({ movement: m }: { movement: Movement }) {
  const t = useTranslations("statement.table");
  const name = m.counterpart_name ?? "—";
  if (!m.charge_id) return <>{name}</>;
  return (
    <Link href={`/charges/${encodeURIComponent(m.charge_id)}`} className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300" title={t("openCharge", { reference: m.our_id ?? "" })} data-testid="statement-charge-link">
      {name}
    </Link>
  );
}
