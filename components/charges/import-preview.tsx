"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo } from "react";
import type { ChargeImportPreview } from "@/lib/charges/answers";
import { formatBrazilDay } from "@/lib/pix/date-input";
import { formatDocument } from "@/lib/pix/document";
import { formatBRL } from "@/lib/pix/money";
import { cn } from "@/lib/utils";

type PreviewRow = ChargeImportPreview["rows"][number];
const count = new Intl.NumberFormat("pt-BR");
const CELL = "px-3 py-2 align-top";
const STATUS_CLASS: Record<PreviewRow["status"], string> = {
  new: "text-emerald-700 dark:text-emerald-400",
  existing: "text-fg-muted",
  repeated: "text-fg-muted",
  invalid: "text-red-700 dark:text-red-400",
};

/** Rows with problems first (what the operator must fix), then the file's order. */
function ordered(rows: readonly PreviewRow[]): PreviewRow[] {
  return [...rows].sort((a, b) => Number(b.status === "invalid") - Number(a.status === "invalid") || a.line - b.line);
}

/** What the confirmation will make (new rows and their value), what it leaves (already made, repeated, with problems). */
export function ImportPreviewTotals({ totals }: { totals: ChargeImportPreview["totals"] }) {
  const t = useTranslations("charges.import.preview");
  const items = [
    { label: t("new"), value: count.format(totals.new.count), testId: "charge-preview-new" },
    { label: t("total"), value: formatBRL(totals.new.value_cents), testId: "charge-preview-value" },
    { label: t("existing"), value: count.format(totals.existing.count + totals.repeated.count), testId: "charge-preview-existing" },
    { label: t("invalid"), value: count.format(totals.invalid.count), testId: "charge-preview-invalid" },
  ];
  return (
    <dl className="flex flex-wrap gap-x-8 gap-y-2">
      {items.map((item) => (
        <div key={item.testId}>
          <dt className="text-xs font-medium uppercase tracking-wide text-fg-muted">{item.label}</dt>
          <dd className="text-xl font-semibold tabular-nums text-fg" data-testid={item.testId}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Each row of the file as the import will take it: its line, what happens to it (or why not), and what was read. */
export function ImportPreviewTable({ rows }: { rows: readonly PreviewRow[] }) {
  const t = useTranslations("charges.import.preview");
  const list = useMemo(() => ordered(rows), [rows]);
  return (
    <div className="relative max-h-[70vh] overflow-auto rounded-lg border border-border bg-surface" tabIndex={0} data-testid="charge-preview">
      <table className="hidden w-full min-w-[48rem] text-sm md:table">
        <caption className="sr-only">{t("caption")}</caption>
        <thead className="sticky top-0 bg-surface-muted text-left text-xs text-fg-muted">
          <tr>
            <th scope="col" className={CELL}>{t("line")}</th>
            <th scope="col" className={CELL}>{t("status")}</th>
            <th scope="col" className={CELL}>{t("payer")}</th>
            <th scope="col" className={CELL}>{t("reference")}</th>
            <th scope="col" className={CELL}>{t("due")}</th>
            <th scope="col" className={cn(CELL, "text-right")}>{t("value")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {list.map((r) => (
            <tr key={r.line} data-line={r.line} data-status={r.status} className={cn(r.status === "invalid" && "bg-red-50/70 dark:bg-red-950/20")}>
              <td className={cn(CELL, "tabular-nums text-fg-muted")}>{r.line}</td>
              <td className={CELL}>
                <Status row={r} />
              </td>
              <td className={cn(CELL, "min-w-0")}>
                <div className="text-fg [overflow-wrap:anywhere]">{r.payer_name ?? "—"}</div>
                {r.payer_document ? <div className="font-mono text-xs text-fg-muted">{formatDocument(r.payer_document)}</div> : null}
              </td>
              <td className={cn(CELL, "font-mono text-xs [overflow-wrap:anywhere]")}>{r.external_reference ?? "—"}</td>
              <td className={cn(CELL, "whitespace-nowrap tabular-nums")}>{r.due_date ? formatBrazilDay(r.due_date) : "—"}</td>
              <td className={cn(CELL, "whitespace-nowrap text-right tabular-nums")}>{amount(r)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label={t("caption")} className="divide-y divide-border md:hidden">
        {list.map((r) => (
          <li key={r.line} data-line={r.line} data-status={r.status} className={cn("flex flex-col gap-0.5 px-3 py-2 text-sm", r.status === "invalid" && "bg-red-50/70 dark:bg-red-950/20")}>
            <div className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 font-medium text-fg [overflow-wrap:anywhere]">
                <span className="mr-1.5 tabular-nums text-fg-muted">{t("lineShort", { line: r.line })}</span>
                {r.payer_name ?? "—"}
              </span>
              <span className="whitespace-nowrap tabular-nums">{amount(r)}</span>
            </div>
            <div className="flex flex-wrap gap-x-2 text-xs text-fg-muted">
              {r.external_reference ? <span className="font-mono [overflow-wrap:anywhere]">{r.external_reference}</span> : null}
              {r.due_date ? <span className="tabular-nums">{formatBrazilDay(r.due_date)}</span> : null}
            </div>
            <Status row={r} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function amount(r: PreviewRow): string {
  return r.value_cents !== null ? formatBRL(r.value_cents) : (r.value_text ?? "—");
}

function Status({ row }: { row: PreviewRow }) {
  const t = useTranslations("charges.import.preview");
  return (
    <span className={cn("text-sm", STATUS_CLASS[row.status])}>
      {row.status === "invalid" ? (
        row.reason
      ) : row.status === "existing" && row.charge_id ? (
        <Link href={`/charges/${encodeURIComponent(row.charge_id)}`} className="underline-offset-2 hover:underline">
          {t("statuses.existing")}
        </Link>
      ) : row.status === "repeated" ? (
        t("statuses.repeated", { line: row.repeat_of ?? 0 })
      ) : (
        t(`statuses.${row.status}`)
      )}
    </span>
  );
}
