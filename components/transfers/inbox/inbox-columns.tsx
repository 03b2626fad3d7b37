import { createColumnHelper } from "@tanstack/react-table";
import { Layers, Repeat } from "lucide-react";
import Link from "next/link";
import type { DataTableFeatures } from "@/components/data-table/features";
import type { AppTranslator } from "@/components/data-table/param-label";
import { ROW_LINK } from "@/components/data-table/row-link";
import { formatBRL, formatBrazilDateTime, formatDocument } from "@/lib/pix";
import { formatBrazilDay } from "@/lib/pix/date-input";
import type { InboxItem } from "@/lib/transfers/inbox-items";

const helper = createColumnHelper<DataTableFeatures, InboxItem>();

export function inboxItemHref(item: InboxItem): string {
  if (item.kind === "batch") return `/batches/${encodeURIComponent(item.id)}`;
  return `/transfers/${encodeURIComponent(item.kind === "series" ? item.transfer.id : item.id)}`;
}

/** What the approver is choosing among, and how: shared by the table's columns and the phone's cards. */
export type InboxChoice = {
  t: AppTranslator;
  age: (at: string) => string;
  nameOf: (item: InboxItem) => string;
  selected: ReadonlySet<string>;
  allChosen: boolean;
  disabled: boolean | undefined;
  onToggle: (key: string) => void;
  onToggleAll: (all: boolean) => void;
};

export function inboxApprovals(item: InboxItem, t: AppTranslator): string {
  const done = item.kind === "batch" ? item.batch.approvals.length : item.transfer.approvals.length;
  const needed = item.kind === "batch" ? item.batch.approvals_required : item.transfer.approvals_required;
  return t("transfers.approvalsCount", { done, needed });
}

/** The line under an item's name: a batch's row count, a series' days, a request's receiver document. */
export function InboxItemDetail({ item, t }: { item: InboxItem; t: AppTranslator }) {
  if (item.kind === "batch") {
    return (
      <span className="flex items-center gap-1 text-xs text-fg-muted">
        <Layers aria-hidden className="h-3.5 w-3.5 shrink-0" />
        {t("transfers.inbox.batchRows", { count: item.batch.valid })}
      </span>
    );
  }
  if (item.kind === "series") {
    return (
      <span className="flex items-center gap-1 text-xs text-fg-muted" data-testid="inbox-series">
        <Repeat aria-hidden className="h-3.5 w-3.5 shrink-0" />
        {t("transfers.inbox.seriesDays", {
          count: item.series.occurrences,
          first: item.series.first_day ? formatBrazilDay(item.series.first_day) : "",
          last: item.series.last_day ? formatBrazilDay(item.series.last_day) : "",
        })}
      </span>
    );
  }
  return <span className="block font-mono text-xs text-fg-muted">{formatDocument(item.transfer.receiver_document)}</span>;
}

/** An item's checkbox, above the link that covers its line. */
export function InboxCheckbox({ item, choice }: { item: InboxItem; choice: InboxChoice }) {
  return (
    <input
      type="checkbox"
      className="relative z-10 h-4 w-4 cursor-pointer"
      checked={choice.selected.has(item.key)}
      disabled={choice.disabled}
      onChange={() => choice.onToggle(item.key)}
      aria-label={choice.t("transfers.inbox.select", { name: choice.nameOf(item) })}
    />
  );
}

/** The inbox table's columns: a checkbox (all of them in the header), then what each item is. */
export function buildInboxColumns(choice: InboxChoice) {
  const { t, age, nameOf } = choice;
  const created = t("transfers.columns.created");
  const what = t("transfers.inbox.what");
  const amount = t("transfers.columns.amount");
  const maker = t("transfers.columns.maker");
  const approvals = t("transfers.columns.approvals");
  const ageWord = t("transfers.columns.age");
  return helper.columns([
    helper.display({
      id: "select",
      header: () => (
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={choice.allChosen}
          disabled={choice.disabled}
          onChange={() => choice.onToggleAll(!choice.allChosen)}
          aria-label={t("transfers.inbox.selectAll")}
        />
      ),
      cell: (info) => <InboxCheckbox item={info.row.original} choice={choice} />,
      meta: { label: t("transfers.inbox.selectAll"), width: "2rem", valign: "top" },
    }),
    helper.accessor("created_at", {
      header: created,
      cell: (info) => (
        <Link href={inboxItemHref(info.row.original)} className={ROW_LINK}>
          {formatBrazilDateTime(info.getValue())}
        </Link>
      ),
      meta: { label: created, valign: "top", className: "whitespace-nowrap tabular-nums" },
    }),
    helper.display({
      id: "what",
      header: what,
      cell: (info) => (
        <>
          <div className="truncate font-medium" title={nameOf(info.row.original)}>
            {nameOf(info.row.original)}
          </div>
          <InboxItemDetail item={info.row.original} t={t} />
        </>
      ),
      meta: { label: what, valign: "top", className: "max-w-[24rem]" },
    }),
    helper.accessor("value_cents", {
      id: "amount",
      header: amount,
      cell: (info) => formatBRL(info.getValue()),
      meta: { label: amount, align: "end", valign: "top", className: "whitespace-nowrap font-medium" },
    }),
    helper.accessor((item) => item.maker.email, {
      id: "maker",
      header: maker,
      cell: (info) => <span title={info.getValue()}>{info.getValue()}</span>,
      meta: { label: maker, muted: true, valign: "top", className: "max-w-[14rem] truncate" },
    }),
    helper.display({
      id: "approvals",
      header: approvals,
      cell: (info) => inboxApprovals(info.row.original, t),
      meta: { label: approvals, muted: true, valign: "top", className: "whitespace-nowrap" },
    }),
    helper.accessor("created_at", {
      id: "age",
      header: ageWord,
      cell: (info) => age(info.getValue()),
      meta: { label: ageWord, muted: true, valign: "top", className: "whitespace-nowrap" },
    }),
  ]);
}
