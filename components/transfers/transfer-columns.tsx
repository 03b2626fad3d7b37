import { createColumnHelper } from "@tanstack/react-table";
import { ListFilter } from "lucide-react";
import Link from "next/link";
import type { DataTableFeatures } from "@/components/data-table/features";
import type { AppTranslator } from "@/components/data-table/param-label";
import { ROW_LINK } from "@/components/data-table/row-link";
import { formatBRL, formatBrazilDateTime, formatDocument } from "@/lib/pix";
import { formatBrazilDay } from "@/lib/pix/date-input";
import type { TransferRequest } from "@/lib/transfers/types";
import { AttentionText } from "./attention-note";
import { TransferStateBadge } from "./state-badge";

const helper = createColumnHelper<DataTableFeatures, TransferRequest>();

export function transferHref(id: string): string {
  return `/transfers/${encodeURIComponent(id)}`;
}

/** A date the request is scheduled for, while it still waits for it. */
export function scheduledDay(r: TransferRequest): string | null {
  return r.scheduled_for && (r.state === "scheduled" || r.state === "awaiting_approval") ? formatBrazilDay(r.scheduled_for) : null;
}

/**
 * The /transfers table's columns, in the reader's language. `age` says how long ago (it counts up
 * while the page is open); `showAttention` adds, under the receiver, what needs a person.
 */
export function buildTransferColumns({ t, age, showAttention }: { t: AppTranslator; age: (at: string) => string; showAttention: boolean }) {
  const approvals = (r: TransferRequest) =>
    r.approvals_required === 0
      ? t("transfers.noApprovalNeeded")
      : t("transfers.approvalsCount", { done: r.approvals.length, needed: r.approvals_required });
  const column = (key: "created" | "state" | "amount" | "receiver" | "costCentre" | "batch" | "maker" | "approvals" | "age") =>
    t(`transfers.columns.${key}`);
  return helper.columns([
    helper.accessor("created_at", {
      header: column("created"),
      cell: (info) => (
        <Link href={transferHref(info.row.original.id)} className={ROW_LINK}>
          {formatBrazilDateTime(info.getValue())}
        </Link>
      ),
      meta: { label: column("created"), className: "whitespace-nowrap tabular-nums" },
    }),
    helper.accessor("state", {
      header: column("state"),
      cell: (info) => {
        const day = scheduledDay(info.row.original);
        return (
          <>
            <TransferStateBadge state={info.getValue()} />
            {day ? <div className="mt-0.5 whitespace-nowrap text-xs text-fg-muted">{t("transfers.scheduledShort", { day })}</div> : null}
          </>
        );
      },
      meta: { label: column("state") },
    }),
    helper.accessor("value_cents", {
      id: "amount",
      header: column("amount"),
      cell: (info) => formatBRL(info.getValue()),
      meta: { label: column("amount"), align: "end", className: "whitespace-nowrap font-medium" },
    }),
    helper.accessor("receiver_name", {
      header: column("receiver"),
      cell: (info) => {
        const r = info.row.original;
        return (
          <>
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
          </>
        );
      },
      meta: { label: column("receiver"), className: "max-w-[22rem]" },
    }),
    helper.accessor((r) => r.cost_centre?.code ?? null, {
      id: "cost_centre",
      header: column("costCentre"),
      cell: (info) => <span title={info.row.original.cost_centre?.name}>{info.getValue() ?? "—"}</span>,
      meta: { label: column("costCentre"), muted: true, className: "whitespace-nowrap" },
    }),
    helper.accessor("batch_id", {
      id: "batch",
      header: column("batch"),
      cell: (info) => {
        const r = info.row.original;
        return r.batch_id ? (
          <span className="relative z-10 inline-flex items-center gap-1.5">
            <Link href={`/batches/${encodeURIComponent(r.batch_id)}`} className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
              {t("transfers.batchLine", { line: r.batch_line ?? 0 })}
            </Link>
            <Link
              href={`/transfers?batch=${encodeURIComponent(r.batch_id)}`}
              aria-label={t("transfers.batchRowsOnly")}
              title={t("transfers.batchRowsOnly")}
              className="rounded p-0.5 hover:bg-surface-muted hover:text-fg"
            >
              <ListFilter aria-hidden className="h-3.5 w-3.5" />
            </Link>
          </span>
        ) : (
          "—"
        );
      },
      meta: { label: column("batch"), muted: true, className: "whitespace-nowrap" },
    }),
    helper.accessor((r) => r.maker.email, {
      id: "maker",
      header: column("maker"),
      cell: (info) => <span title={info.getValue()}>{info.getValue()}</span>,
      meta: { label: column("maker"), muted: true, className: "max-w-[14rem] truncate" },
    }),
    helper.display({
      id: "approvals",
      header: column("approvals"),
      cell: (info) => approvals(info.row.original),
      meta: { label: column("approvals"), muted: true, className: "whitespace-nowrap" },
    }),
    helper.accessor("created_at", {
      id: "age",
      header: column("age"),
      cell: (info) => age(info.getValue()),
      meta: { label: column("age"), muted: true, className: "whitespace-nowrap" },
    }),
  ]);
}
