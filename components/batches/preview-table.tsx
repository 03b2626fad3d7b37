"use client";

import { measureElement, useVirtualizer } from "@tanstack/react-virtual";
import { useTranslations } from "next-intl";
import { memo, useMemo, useRef } from "react";
import type { BatchPreviewRow } from "@/lib/batches/preview-row";
import { sortForPreview } from "@/lib/batches/preview-row";
import { resultTotals, sortForResults } from "@/lib/batches/results";
import { batchTotals } from "@/lib/batches/totals";
import { cn } from "@/lib/utils";
import { PREVIEW_COLUMNS, PreviewCell, type PreviewColumn } from "./preview-cells";
import { PreviewTotals, ResultTotalsView } from "./preview-totals";

/**
 * One grid for the header and every row, so columns line up without a table layout pass. On a
 * phone a row is a small card instead (line, state and amount on top, the rest under them):
 * a 60rem table would hide every reason off screen.
 */
const GRID = "grid grid-cols-[3rem_minmax(0,1fr)_minmax(0,1fr)] md:grid-cols-[4rem_12rem_8.5rem_minmax(12rem,1.2fr)_minmax(14rem,1.5fr)_minmax(10rem,1fr)]";
const CELL_CLASS: Record<PreviewColumn, string> = {
  line: "",
  state: "",
  amount: "text-right md:text-left",
  receiver: "col-span-3 md:col-span-1",
  destination: "col-span-3 md:col-span-1",
  id: "col-span-3 md:col-span-1",
};
/** A valid row's height; rows with errors are measured once shown. */
const ESTIMATED_ROW_PX = 52;
/**
 * No row is shorter. A row measured at 0 (the table inside a hidden panel, or no layout at all)
 * would otherwise make every row "fit" and put all 5,000 in the DOM.
 */
const MIN_ROW_PX = 36;

type Props = {
  rows: readonly BatchPreviewRow[];
  /** Height of the scrolling area (CSS length). */
  height?: string;
};

const Row = memo(function Row({ row, index, start, measure }: { row: BatchPreviewRow; index: number; start: number; measure: (node: HTMLElement | null) => void }) {
  return (
    <tr
      ref={measure}
      role="row"
      data-index={index}
      data-line={row.line}
      data-state={row.state}
      aria-rowindex={index + 2}
      style={{ transform: `translateY(${start}px)` }}
      className={cn(GRID, "absolute left-0 top-0 w-full border-b border-border py-1 md:py-0", row.state === "invalid" && "bg-red-50/70 dark:bg-red-950/20")}
    >
      {PREVIEW_COLUMNS.map((column) => (
        <td key={column} role="cell" data-column={column} className={cn("min-w-0 px-3 py-1 text-sm md:py-2", CELL_CLASS[column])}>
          <PreviewCell row={row} column={column} />
        </td>
      ))}
    </tr>
  );
});

/**
 * The rows of a batch before it is sent: totals of the valid rows on top, then every row in a
 * virtualised table (TanStack Virtual: only the rows in view are in the DOM, so 5,000 rows
 * scroll like 50), invalid rows first, each error in the UI language under the value it is about.
 * Once sent, the results lead: paid and not paid on top, the rows not paid first.
 */
export function PreviewTable({ rows, height = "min(70vh, 40rem)" }: Props) {
  const t = useTranslations();
  const sent = useMemo(() => rows.some((row) => row.sent), [rows]);
  const ordered = useMemo(() => (sent ? sortForResults(rows) : sortForPreview(rows)), [rows, sent]);
  const totals = useMemo(() => (sent ? null : batchTotals(rows)), [rows, sent]);
  const results = useMemo(() => (sent ? resultTotals(rows) : null), [rows, sent]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // The React Compiler is not on in this project; the warning is about what it would skip.
  // eslint-disable-next-line react-hooks/incompatible-library -- useVirtualizer re-renders through its own state
  const virtualizer = useVirtualizer({
    count: ordered.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => ordered[index]?.line ?? index,
    measureElement: (element, entry, instance) => Math.max(MIN_ROW_PX, measureElement(element, entry, instance)),
    overscan: 8,
  });
  const headers: Record<PreviewColumn, string> = {
    line: t("batches.preview.line"),
    state: t("batches.preview.state"),
    amount: t("glossary.amount"),
    receiver: t("glossary.receiver"),
    destination: t("batches.preview.destination"),
    id: t("glossary.idempotentId"),
  };

  return (
    <section className="space-y-3" aria-label={t("batches.preview.label")}>
      {results ? <ResultTotalsView totals={results} /> : totals ? <PreviewTotals totals={totals} /> : null}
      <div ref={scrollRef} className="relative overflow-auto rounded-lg border border-border bg-surface" style={{ height }} data-testid="batch-preview-scroll" tabIndex={0}>
        <table role="table" aria-label={t("batches.preview.label")} aria-rowcount={ordered.length + 1} className="grid md:min-w-[60rem]">
          <thead role="rowgroup" className="sticky top-0 z-10 hidden bg-surface-muted md:grid">
            <tr role="row" aria-rowindex={1} className={cn(GRID, "border-b border-border")}>
              {PREVIEW_COLUMNS.map((column) => (
                <th key={column} role="columnheader" scope="col" className="px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-fg-muted">
                  {headers[column]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup" className="relative grid" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = ordered[item.index];
              return row ? <Row key={item.key} row={row} index={item.index} start={item.start} measure={virtualizer.measureElement} /> : null;
            })}
          </tbody>
        </table>
        {ordered.length === 0 ? <p className="px-3 py-6 text-center text-sm text-fg-muted">{t("batches.preview.empty")}</p> : null}
      </div>
    </section>
  );
}
