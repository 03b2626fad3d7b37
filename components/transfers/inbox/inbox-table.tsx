"use client";

import { useFormatter, useNow, useTranslations } from "next-intl";
import Link from "next/link";
import { Layers, Repeat } from "lucide-react";
import { formatBRL, formatBrazilDateTime, formatDocument } from "@/lib/pix";
import { formatBrazilDay } from "@/lib/pix/date-input";
import type { InboxItem } from "@/lib/transfers/inbox-items";
import { cn } from "@/lib/utils";

export function inboxItemHref(item: InboxItem): string {
  if (item.kind === "batch") return `/batches/${encodeURIComponent(item.id)}`;
  return `/transfers/${encodeURIComponent(item.kind === "series" ? item.transfer.id : item.id)}`;
}

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
export function InboxTable({ items, caption, selected, onToggle, onToggleAll, disabled, dimmed }: Props) {
  const t = useTranslations("transfers");
  const format = useFormatter();
  const now = useNow({ updateInterval: 30_000 });
  const nameOf = useInboxItemName();
  const age = (at: string) => format.relativeTime(new Date(at), now);
  const allChosen = items.length > 0 && items.every((i) => selected.has(i.key));
  const approvals = (item: InboxItem) => {
    const done = item.kind === "batch" ? item.batch.approvals.length : item.transfer.approvals.length;
    const needed = item.kind === "batch" ? item.batch.approvals_required : item.transfer.approvals_required;
    return t("approvalsCount", { done, needed });
  };
  const detail = (item: InboxItem) =>
    item.kind === "batch" ? (
      <span className="flex items-center gap-1 text-xs text-fg-muted">
        <Layers aria-hidden className="h-3.5 w-3.5 shrink-0" />
        {t("inbox.batchRows", { count: item.batch.valid })}
      </span>
    ) : item.kind === "series" ? (
      <span className="flex items-center gap-1 text-xs text-fg-muted" data-testid="inbox-series">
        <Repeat aria-hidden className="h-3.5 w-3.5 shrink-0" />
        {t("inbox.seriesDays", {
          count: item.series.occurrences,
          first: item.series.first_day ? formatBrazilDay(item.series.first_day) : "",
          last: item.series.last_day ? formatBrazilDay(item.series.last_day) : "",
        })}
      </span>
    ) : (
      <span className="block font-mono text-xs text-fg-muted">{formatDocument(item.transfer.receiver_document)}</span>
    );
  const checkbox = (item: InboxItem) => (
    <input
      type="checkbox"
      className="relative z-10 h-4 w-4 cursor-pointer"
      checked={selected.has(item.key)}
      disabled={disabled}
      onChange={() => onToggle(item.key)}
      aria-label={t("inbox.select", { name: nameOf(item) })}
    />
  );

  return (
    <div className={cn("transition-opacity", dimmed && "opacity-60")} data-testid="inbox-items">
      <table className="hidden w-full border-collapse text-sm md:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-left text-xs font-medium uppercase tracking-wide text-fg-muted">
          <tr className="border-b border-border">
            <th scope="col" className="w-8 px-3 py-2">
              <input type="checkbox" className="h-4 w-4" checked={allChosen} disabled={disabled} onChange={() => onToggleAll(!allChosen)} aria-label={t("inbox.selectAll")} />
            </th>
            <th scope="col" className="px-3 py-2">{t("columns.created")}</th>
            <th scope="col" className="px-3 py-2">{t("inbox.what")}</th>
            <th scope="col" className="px-3 py-2 text-right">{t("columns.amount")}</th>
            <th scope="col" className="px-3 py-2">{t("columns.maker")}</th>
            <th scope="col" className="px-3 py-2">{t("columns.approvals")}</th>
            <th scope="col" className="px-3 py-2">{t("columns.age")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr
              key={item.key}
              className={cn("relative border-b border-border last:border-0 hover:bg-surface-muted/60 focus-within:bg-surface-muted/60", selected.has(item.key) && "bg-amber-100/50 dark:bg-amber-900/20")}
              data-inbox-item={item.kind}
              data-id={item.id}
            >
              <td className="px-3 py-2 align-top">{checkbox(item)}</td>
              <td className="whitespace-nowrap px-3 py-2 align-top tabular-nums">
                <Link
                  href={inboxItemHref(item)}
                  className="font-medium text-blue-700 underline-offset-2 after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:outline focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-focus dark:text-blue-300"
                >
                  {formatBrazilDateTime(item.created_at)}
                </Link>
              </td>
              <td className="max-w-[24rem] px-3 py-2 align-top">
                <div className="truncate font-medium" title={nameOf(item)}>{nameOf(item)}</div>
                {detail(item)}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right align-top font-medium tabular-nums">{formatBRL(item.value_cents)}</td>
              <td className="max-w-[14rem] truncate px-3 py-2 align-top text-fg-muted" title={item.maker.email}>{item.maker.email}</td>
              <td className="whitespace-nowrap px-3 py-2 align-top text-fg-muted">{approvals(item)}</td>
              <td className="whitespace-nowrap px-3 py-2 align-top text-fg-muted">{age(item.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex flex-col gap-2 md:hidden">
        <label className="flex items-center gap-2 px-1 text-sm text-fg-muted">
          <input type="checkbox" className="h-4 w-4" checked={allChosen} disabled={disabled} onChange={() => onToggleAll(!allChosen)} />
          {t("inbox.selectAll")}
        </label>
        <ul className="flex flex-col gap-2" aria-label={caption}>
          {items.map((item) => (
            <li
              key={item.key}
              data-inbox-item={item.kind}
              data-id={item.id}
              className={cn("relative flex items-start gap-3 rounded-lg border border-border bg-surface p-3 hover:bg-surface-muted", selected.has(item.key) && "border-amber-400 bg-amber-50 dark:bg-amber-950/30")}
            >
              <div className="pt-1">{checkbox(item)}</div>
              <Link href={phoneItemHref(item)} className="flex min-w-0 flex-1 flex-col gap-1 after:absolute after:inset-0 after:content-['']">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{nameOf(item)}</span>
                  <span className="shrink-0 text-base font-semibold tabular-nums">{formatBRL(item.value_cents)}</span>
                </span>
                {detail(item)}
                <span className="flex flex-wrap justify-between gap-x-3 text-xs text-fg-muted">
                  <span className="min-w-0 truncate">{item.maker.email}</span>
                  <span>{approvals(item)} · {age(item.created_at)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
