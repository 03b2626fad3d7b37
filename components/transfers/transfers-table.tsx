"use client";

import { useFormatter, useNow, useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { COVERED_ROW } from "@/components/data-table/row-link";
import { useRowsTable } from "@/components/data-table/use-rows-table";
import { formatBRL } from "@/lib/pix";
import type { TransferRequest } from "@/lib/transfers/types";
import { AttentionText } from "./attention-note";
import { TransferStateBadge } from "./state-badge";
import { buildTransferColumns, scheduledDay, transferHref } from "./transfer-columns";

/**
 * Transfer requests as a table (a card per request on a phone). A whole row opens its request: the
 * first cell's link covers the row (mouse anywhere on it, middle click for a new tab, Tab and Enter
 * on the keyboard, one stop per row). The age counts up while the page is open.
 */
export function TransfersTable({
  transfers,
  dimmed = false,
  caption,
  showAttention = false,
}: {
  transfers: TransferRequest[];
  dimmed?: boolean;
  caption: string;
  /** Say under each row what needs a person and what to do (the "Needs attention" view). */
  showAttention?: boolean;
}) {
  const t = useTranslations();
  const format = useFormatter();
  const now = useNow({ updateInterval: 30_000 });
  const columns = useMemo(
    () => buildTransferColumns({ t, age: (at) => format.relativeTime(new Date(at), now), showAttention }),
    [t, format, now, showAttention],
  );
  const table = useRowsTable(columns, transfers, (r) => r.id);
  return (
    <DataTable
      table={table}
      caption={caption}
      density="comfortable"
      busy={dimmed}
      layout="auto"
      testId="transfers-table"
      rowClassName={() => COVERED_ROW}
      rowAttributes={(r) => ({ "data-transfer-id": r.id, "data-state": r.state })}
      phoneList={(rows) => <TransferCards transfers={rows} caption={caption} showAttention={showAttention} age={(at) => format.relativeTime(new Date(at), now)} />}
    />
  );
}

/** On a phone, a card per request, the whole card its link. */
function TransferCards({
  transfers,
  caption,
  showAttention,
  age,
}: {
  transfers: TransferRequest[];
  caption: string;
  showAttention: boolean;
  age: (at: string) => string;
}) {
  const t = useTranslations("transfers");
  return (
    <ul className="flex flex-col gap-2" aria-label={caption}>
      {transfers.map((r) => {
        const day = scheduledDay(r);
        return (
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
              {day ? <div className="text-xs text-fg-muted">{t("scheduledShort", { day })}</div> : null}
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
        );
      })}
    </ul>
  );
}
