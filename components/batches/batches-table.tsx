"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { COVERED_ROW } from "@/components/data-table/row-link";
import { useRowsTable } from "@/components/data-table/use-rows-table";
import type { Batch } from "@/lib/batches/types";
import { formatBRL, formatBrazilDateTime } from "@/lib/pix";
import { batchHref, batchPaidSummary, buildBatchColumns } from "./batch-columns";
import { BatchStateBadge } from "./batch-state-badge";

/** Every batch, newest first: a table from `md` (the first cell's link covers its row), a card each on a phone. */
export function BatchesTable({ batches, caption }: { batches: Batch[]; caption: string }) {
  const t = useTranslations();
  const columns = useMemo(() => buildBatchColumns(t), [t]);
  const table = useRowsTable(columns, batches, (b) => b.id);
  return (
    <DataTable
      table={table}
      caption={caption}
      density="comfortable"
      busy={false}
      layout="auto"
      testId="batches-list"
      rowClassName={() => COVERED_ROW}
      rowAttributes={(b) => ({ "data-batch-id": b.id, "data-state": b.state })}
      phoneList={(rows) => (
        <ul className="flex flex-col gap-2" aria-label={caption}>
          {rows.map((b) => (
            <li key={b.id} data-batch-id={b.id}>
              <Link href={batchHref(b.id)} className="grid gap-1 rounded-lg border border-border bg-surface p-3 hover:bg-surface-muted">
                <span className="text-sm tabular-nums text-fg-muted">{formatBrazilDateTime(b.created_at)}</span>
                <span className="min-w-0">
                  <span className="block truncate font-medium text-fg">{b.file_name ?? t("batches.detail.untitled")}</span>
                  <span className="block text-xs text-fg-muted">
                    {t("batches.list.rowsCount", { valid: b.valid, invalid: b.invalid })} · {b.maker.email}
                  </span>
                </span>
                <span className="font-semibold tabular-nums text-fg">{formatBRL(b.total_cents)}</span>
                <span className="min-w-0">
                  <BatchStateBadge batch={b} />
                </span>
                <span className="text-xs text-fg-muted">{batchPaidSummary(b, t)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    />
  );
}
