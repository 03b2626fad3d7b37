"use client";

import { useFormatter, useNow, useTranslations } from "next-intl";
import { ListFilter } from "lucide-react";
import Link from "next/link";
import { formatBRL, formatBrazilDateTime, formatDocument } from "@/lib/pix";
import { formatBrazilDay } from "@/lib/pix/date-input";
import type { TransferRequest } from "@/lib/transfers/types";
import { cn } from "@/lib/utils";
import { AttentionText } from "./attention-note";
import { TransferStateBadge } from "./state-badge";

export function transferHref(id: string): string {
  return `/transfers/${encodeURIComponent(id)}`;
}

/**
 * Transfer requests as a table (a card per request on a phone). A whole row opens its request: the
 * first cell's link covers the row (mouse anywhere on it, middle click for a new tab, Tab and Enter
 * on the keyboard, one stop per row). The age counts up while the page is open.
 */
export function TransfersTable({
  transfers,
  dimmed,
  caption,
  showAttention = false,
}: {
  transfers: TransferRequest[];
  dimmed?: boolean;
  caption: string;
  /** Say under each row what needs a person and what to do (the "Needs attention" view). */
  showAttention?: boolean;
}) {
  const t = useTranslations("transfers");
  const format = useFormatter();
  const now = useNow({ updateInterval: 30_000 });
  const age = (at: string) => format.relativeTime(new Date(at), now);
  const approvals = (r: TransferRequest) =>
    r.approvals_required === 0 ? t("noApprovalNeeded") : t("approvalsCount", { done: r.approvals.length, needed: r.approvals_required });

  return (
    <div className={cn("transition-opacity", dimmed && "opacity-60")}>
      <table className="hidden w-full border-collapse text-sm md:table" data-testid="transfers-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-[var(--header-height,0px)] z-10 bg-surface text-left text-xs font-medium uppercase tracking-wide text-fg-muted">
          <tr className="border-b border-border">
            <th scope="col" className="px-3 py-2">{t("columns.created")}</th>
            <th scope="col" className="px-3 py-2">{t("columns.state")}</th>
            <th scope="col" className="px-3 py-2 text-right">{t("columns.amount")}</th>
            <th scope="col" className="px-3 py-2">{t("columns.receiver")}</th>
            <th scope="col" className="px-3 py-2">{t("columns.costCentre")}</th>
            <th scope="col" className="px-3 py-2">{t("columns.batch")}</th>
            <th scope="col" className="px-3 py-2">{t("columns.maker")}</th>
            <th scope="col" className="px-3 py-2">{t("columns.approvals")}</th>
            <th scope="col" className="px-3 py-2">{t("columns.age")}</th>
          </tr>
        </thead>
        <tbody>
          {transfers.map((r) => (
            <tr
              key={r.id}
              className="relative cursor-pointer border-b border-border last:border-0 hover:bg-surface-muted/60 focus-within:bg-surface-muted/60"
              data-transfer-id={r.id}
              data-state={r.state}
            >
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                <Link
                  href={transferHref(r.id)}
                  className="font-medium text-blue-700 underline-offset-2 after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:outline focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-focus dark:text-blue-300"
                >
                  {formatBrazilDateTime(r.created_at)}
                </Link>
              </td>
              <td className="px-3 py-2">
                <TransferStateBadge state={r.state} />
                {r.scheduled_for && (r.state === "scheduled" || r.state === "awaiting_approval") ? (
                  <div className="mt-0.5 whitespace-nowrap text-xs text-fg-muted">{t("scheduledShort", { day: formatBrazilDay(r.scheduled_for) })}</div>
                ) : null}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right font-medium tabular-nums" data-column="amount">{formatBRL(r.value_cents)}</td>
              <td className="max-w-[22rem] px-3 py-2">
                <div className="truncate" title={r.receiver_name}>{r.receiver_name}</div>
                <div className="font-mono text-xs text-fg-muted">{formatDocument(r.receiver_document)}</div>
                {r.description ? (
                  <div className="truncate text-xs text-fg-muted" title={r.description}>
                    {r.description}
                  </div>
                ) : null}
                {showAttention && r.attention ? (
                  <div className="mt-1 text-xs">
                    <AttentionText transfer={r} />
                  </div>
                ) : null}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-fg-muted" title={r.cost_centre?.name}>{r.cost_centre?.code ?? "—"}</td>
              <td className="whitespace-nowrap px-3 py-2 text-fg-muted" data-column="batch">
                {r.batch_id ? (
                  <span className="relative z-10 inline-flex items-center gap-1.5">
                    <Link href={`/batches/${encodeURIComponent(r.batch_id)}`} className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
                      {t("batchLine", { line: r.batch_line ?? 0 })}
                    </Link>
                    <Link href={`/transfers?batch=${encodeURIComponent(r.batch_id)}`} aria-label={t("batchRowsOnly")} title={t("batchRowsOnly")} className="rounded p-0.5 hover:bg-surface-muted hover:text-fg">
                      <ListFilter aria-hidden className="h-3.5 w-3.5" />
                    </Link>
                  </span>
                ) : (
                  "—"
                )}
              </td>
              <td className="max-w-[14rem] truncate px-3 py-2 text-fg-muted" title={r.maker.email}>{r.maker.email}</td>
              <td className="whitespace-nowrap px-3 py-2 text-fg-muted">{approvals(r)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-fg-muted">{age(r.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-col gap-2 md:hidden" aria-label={caption}>
        {transfers.map((r) => (
          <li key={r.id} data-transfer-id={r.id} data-state={r.state}>
            <Link href={transferHref(r.id)} className="flex flex-col gap-1 rounded-lg border border-border bg-surface p-3 hover:bg-surface-muted">
              {/* The amount keeps its width; a long state ("Aguardando confirmação do provedor") wraps beside it, never over it. */}
              <div className="flex items-start justify-between gap-2">
                <span className="shrink-0 text-base font-semibold tabular-nums" data-column="amount">{formatBRL(r.value_cents)}</span>
                <TransferStateBadge state={r.state} wrap className="min-w-0 text-right" />
              </div>
              <div className="truncate text-sm">{r.receiver_name}</div>
              {r.description || r.cost_centre || r.batch_id ? (
                <div className="truncate text-xs text-fg-muted">
                  {[r.description, r.cost_centre?.code, r.batch_id ? t("batchLine", { line: r.batch_line ?? 0 }) : null].filter(Boolean).join(" · ")}
                </div>
              ) : null}
              {r.scheduled_for && (r.state === "scheduled" || r.state === "awaiting_approval") ? (
                <div className="text-xs text-fg-muted">{t("scheduledShort", { day: formatBrazilDay(r.scheduled_for) })}</div>
              ) : null}
              {showAttention && r.attention ? (
                <div className="text-xs">
                  <AttentionText transfer={r} />
                </div>
              ) : null}
              <div className="flex flex-wrap justify-between gap-x-3 text-xs text-fg-muted">
                <span>{r.maker.email}</span>
                <span>{age(r.created_at)}</span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
