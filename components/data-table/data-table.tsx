"use client";

import type { ReactTable, RowData } from "@tanstack/react-table";
import { useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { cn } from "@/lib/utils";
import type { DataTableFeatures } from "./features";

export type Density = "compact" | "comfortable";

const CELL_PADDING: Record<Density, string> = {
  compact: "px-2 py-1 text-xs",
  comfortable: "px-3 py-2.5 text-sm",
};

/**
 * The table markup for any server-paged TanStack table. Rows take focus one at a time
 * (roving tabindex): arrow keys, Home and End move, Enter opens. A click on a row opens it
 * too, except on its own buttons and links. While `busy`, the shown page stays, dimmed.
 */
export function DataTable<TData extends RowData>({
  table,
  caption,
  density,
  busy,
  onOpenRow,
  rowClassName,
}: {
  table: ReactTable<DataTableFeatures, TData>;
  caption: ReactNode;
  density: Density;
  busy: boolean;
  onOpenRow: (row: TData) => void;
  /** Extra classes per row, e.g. `flash-change` for a payment a webhook just changed. */
  rowClassName?: (row: TData) => string | undefined;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  const rows = table.getRowModel().rows;
  const [focusIndex, setFocusIndex] = useState(0);
  const tabStop = Math.min(focusIndex, Math.max(0, rows.length - 1));

  function focusRow(index: number) {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setFocusIndex(next);
    body.current?.querySelectorAll<HTMLTableRowElement>("tr[data-row]")[next]?.focus();
  }

  function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, index: number, original: TData) {
    if (event.target !== event.currentTarget) return; // keys inside a cell's own button
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: rows.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      focusRow(moves[event.key] ?? index);
    } else if (event.key === "Enter") {
      event.preventDefault();
      onOpenRow(original);
    }
  }

  function onRowClick(event: MouseEvent<HTMLTableRowElement>, original: TData) {
    const target = event.target as HTMLElement;
    if (target.closest("a, button, input, select, label")) return;
    if (window.getSelection()?.toString()) return; // selecting text to copy is not a click
    onOpenRow(original);
  }

  return (
    <div
      // `relative`: the cells' visually hidden (absolute) texts must scroll with the table, not widen the page.
      className={cn("relative overflow-x-auto rounded-lg border border-border bg-surface transition-opacity", busy && "opacity-60")}
      aria-busy={busy}
    >
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 z-10 bg-surface-muted text-xs uppercase tracking-wide text-fg-muted">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className={cn(
                    "whitespace-nowrap border-b border-border font-semibold",
                    density === "compact" ? "px-2 py-1.5" : "px-3 py-2",
                    header.column.columnDef.meta?.align === "end" && "text-right",
                  )}
                >
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody ref={body}>
          {rows.map((row, index) => (
            <tr
              key={row.id}
              data-row
              tabIndex={index === tabStop ? 0 : -1}
              onKeyDown={(event) => onRowKeyDown(event, index, row.original)}
              onClick={(event) => onRowClick(event, row.original)}
              onFocus={(event) => {
                if (event.target === event.currentTarget) setFocusIndex(index);
              }}
              className={cn(
                "cursor-pointer border-b border-border last:border-b-0 hover:bg-surface-muted focus-visible:bg-surface-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600",
                rowClassName?.(row.original),
              )}
            >
              {row.getVisibleCells().map((cell) => (
                <td
                  key={cell.id}
                  data-column={cell.column.id}
                  className={cn(
                    "align-middle text-fg",
                    CELL_PADDING[density],
                    cell.column.columnDef.meta?.align === "end" && "text-right tabular-nums",
                    cell.column.columnDef.meta?.className,
                  )}
                >
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
