"use client";

import { useFormatter, useNow, useTranslations } from "next-intl";
import Link from "next/link";
import { DataTable } from "@/components/data-table/data-table";
import { COVERED_ROW } from "@/components/data-table/row-link";
import { useRowsTable } from "@/components/data-table/use-rows-table";
import { formatBRL } from "@/lib/pix";
import type { InboxItem } from "@/lib/transfers/inbox-items";
import { cn } from "@/lib/utils";
import { buildInboxColumns, inboxApprovals, InboxCheckbox, InboxItemDetail, inboxItemHref, type InboxChoice } from "./inbox-columns";

export { inboxItemHref } from "./inbox-columns";

/** On a phone a request opens its one-screen decision page; a batch its own page. */
function phoneItemHref(item: InboxItem): string {
  return item.kind === "request" ? `/transfers/${encodeURIComponent(item.id)}/decide` : inboxItemHref(item);
}

/** The name a person knows an item by: the batch's file, the request's receiver. */
export function useInboxItemName() {
  const d = useTranslations("batches.detail");
  return (item: InboxItem) => (item.kind === "batch" ? (item.batch.file_name ?? d("untitled")) : item.transfer.receiver_name);
}

type Props = {
  items: InboxItem[];
  caption: string;
  selected: ReadonlySet<string>;
  onToggle: (key: string) => void;
  onToggleAll: (all: boolean) => void;
  disabled?: boolean;
  dimmed?: boolean;
};

/**
 * What waits for the approver, each item with a checkbox: a single request, or a batch as ONE
 * line (named, its row count and total, opening the batch). A table on a wide screen, a card each
 * on a phone; the item's link covers its line, the checkbox sits above it.
 */
export function InboxTable({ items, caption, selected, onToggle, onToggleAll, disabled, dimmed = false }: Props) {
  const t = useTranslations();
  const format = useFormatter();
  const now = useNow({ updateInterval: 30_000 });
  const nameOf = useInboxItemName();
  const allChosen = items.length > 0 && items.every((i) => selected.has(i.key));
  const choice: InboxChoice = {
    t,
    age: (at) => format.relativeTime(new Date(at), now),
    nameOf,
    selected,
    allChosen,
    disabled,
    onToggle,
    onToggleAll,
  };
  // Built at each render: the header's and the rows' checkboxes show the selection.
  const columns = buildInboxColumns(choice);
  const table = useRowsTable(columns, items, (item) => item.key);
  return (
    <div data-testid="inbox-items">
      <DataTable
        table={table}
        caption={caption}
        density="comfortable"
        busy={dimmed}
        layout="auto"
        rowClassName={(item) => cn(COVERED_ROW, selected.has(item.key) && "bg-amber-100/50 dark:bg-amber-900/20")}
        rowAttributes={(item) => ({ "data-inbox-item": item.kind, "data-id": item.id })}
        phoneList={(rows) => <InboxCards items={rows} caption={caption} choice={choice} />}
      />
    </div>
  );
}

/** On a phone: "select all", then a card per item, its link covering the card, the checkbox above it. */
function InboxCards({ items, caption, choice }: { items: InboxItem[]; caption: string; choice: InboxChoice }) {
  const { t, selected, nameOf } = choice;
  return (
    <div className="flex flex-col gap-2">
      <label className="flex items-center gap-2 px-1 text-sm text-fg-muted">
        <input type="checkbox" className="h-4 w-4" checked={choice.allChosen} disabled={choice.disabled} onChange={() => choice.onToggleAll(!choice.allChosen)} />
        {t("transfers.inbox.selectAll")}
      </label>
      <ul className="flex flex-col gap-2" aria-label={caption}>
        {items.map((item) => (
          <li
            key={item.key}
            data-inbox-item={item.kind}
            data-id={item.id}
            className={cn(
              "relative flex items-start gap-3 rounded-lg border border-border bg-surface p-3 hover:bg-surface-muted",
              selected.has(item.key) && "border-amber-400 bg-amber-50 dark:bg-amber-950/30",
            )}
          >
            <div className="pt-1">
              <InboxCheckbox item={item} choice={choice} />
            </div>
            <Link href={phoneItemHref(item)} className="flex min-w-0 flex-1 flex-col gap-1 after:absolute after:inset-0 after:content-['']">
              <span className="flex items-baseline justify-between gap-2">
                <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{nameOf(item)}</span>
                <span className="shrink-0 text-base font-semibold tabular-nums">{formatBRL(item.value_cents)}</span>
              </span>
              <InboxItemDetail item={item} t={t} />
              <span className="flex flex-wrap justify-between gap-x-3 text-xs text-fg-muted">
                <span className="min-w-0 truncate">{item.maker.email}</span>
                <span>
                  {inboxApprovals(item, t)} · {choice.age(item.created_at)}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
