import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import type { DataTableFeatures } from "@/components/data-table/features";
import type { AppTranslator } from "@/components/data-table/param-label";
import { ROW_LINK } from "@/components/data-table/row-link";
import type { Batch } from "@/lib/batches/types";
import { formatBRL, formatBrazilDateTime } from "@/lib/pix";
import { BatchStateBadge } from "./batch-state-badge";

const helper = createColumnHelper<DataTableFeatures, Batch>();

export function batchHref(id: string): string {
  return `/batches/${encodeURIComponent(id)}`;
}

/** "Paid: 3 · Not paid: 1" once the batch was submitted; nothing for a draft. */
export function batchPaidSummary(b: Batch, t: AppTranslator): string | null {
  return b.state === "draft" ? null : `${t("batches.detail.paid")}: ${b.outcome.paid.count} · ${t("batches.detail.notPaid")}: ${b.outcome.not_paid.count}`;
}

/** The /batches table's columns: when, which file (its rows and who sent it), how much, its state, how far its rows got. */
export function buildBatchColumns(t: AppTranslator) {
  const word = (key: "created" | "file" | "total" | "state" | "progress") => t(`batches.list.columns.${key}`);
  return helper.columns([
    helper.accessor("created_at", {
      header: word("created"),
      cell: (info) => (
        <Link href={batchHref(info.row.original.id)} className={ROW_LINK}>
          {formatBrazilDateTime(info.getValue())}
        </Link>
      ),
      meta: { label: word("created"), className: "whitespace-nowrap tabular-nums" },
    }),
    helper.accessor((b) => b.file_name ?? t("batches.detail.untitled"), {
      id: "file",
      header: word("file"),
      cell: (info) => (
        <>
          <span className="block truncate font-medium">{info.getValue()}</span>
          <span className="block text-xs text-fg-muted">
            {t("batches.list.rowsCount", { valid: info.row.original.valid, invalid: info.row.original.invalid })} · {info.row.original.maker.email}
          </span>
        </>
      ),
      meta: { label: word("file"), className: "max-w-[24rem]" },
    }),
    helper.accessor("total_cents", {
      id: "total",
      header: word("total"),
      cell: (info) => formatBRL(info.getValue()),
      meta: { label: word("total"), align: "end", className: "whitespace-nowrap font-semibold" },
    }),
    helper.display({
      id: "state",
      header: word("state"),
      cell: (info) => <BatchStateBadge batch={info.row.original} />,
      meta: { label: word("state") },
    }),
    helper.display({
      id: "progress",
      header: word("progress"),
      cell: (info) => <span data-testid="batch-paid-summary">{batchPaidSummary(info.row.original, t)}</span>,
      meta: { label: word("progress"), muted: true, className: "text-xs" },
    }),
  ]);
}
