"use client";

import { FlexRender, type ReactTable, type RowData } from "@tanstack/react-table";
import { useRouter } from "next/navigation";
import { useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { cn } from "@/lib/utils";
import { DataTableRow, type Density } from "./data-table-row";
import type { DataTableFeatures } from "./features";

export type { Density } from "./data-table-row";

/** The body row an event happened on, when it happened on the row itself (not on a cell's button). */
function rowIndexOf(target: EventTarget): number | undefined {
  if (!(target instanceof HTMLTableRowElement) || target.dataset.index === undefined) return undefined;
  return Number(target.dataset.index);
}

/** A plain left click, which the app handles itself; modified clicks open tabs and windows as usual. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The table markup for every list. Two kinds of rows:
 * - with `onOpenRow`, rows take focus one at a time (roving tabindex): arrow keys, Home and End
 *   move, Enter opens. A click on a row opens it too, except on its own buttons; links in cells are
 *   plain anchors (a row has no router hooks of its own) that navigate within the app on a plain click;
 * - without it, rows are plain: their cells' own links and buttons do the work (a first cell's link
 *   may cover its row: `rowClassName` gives the row `relative`).
 * While `busy`, the shown page stays (dimmed once `dimmed`).
 *
 * The `fixed` layout (`meta.width` per column, the rest shared) never scrolls sideways from `lg`,
 * and its header sticks under the app header while the page scrolls (from `lg` the box clips
 * instead of scrolling, which would trap the sticky header). The `auto` layout sizes columns by
 * their content and, like a table with a `minWidth`, scrolls inside its box when too wide. The
 * page itself never scrolls sideways. Below `md` (a phone), rows become labelled cards (`cards`)
 * or the list's own `phoneList`.
 */
export function DataTable<TData extends RowData>({
  table,
  caption,
  density,
  busy,
  dimmed = busy,
  onOpenRow,
  rowClassName,
  rowAttributes,
  cards = false,
  phoneList,
  layout = "fixed",
  testId,
  empty,
  minWidth,
}: {
  table: ReactTable<DataTableFeatures, TData>;
  caption: ReactNode;
  density: Density;
  /** Loading: said to assistive technology at once (aria-busy). */
  busy: boolean;
  /** Loading, as it looks: the shown page dimmed (callers may wait before dimming). */
  dimmed?: boolean;
  /** Rows open as a whole (click, Enter); without it rows are plain. */
  onOpenRow?: (row: TData) => void;
  /** Extra classes per row, e.g. `flash-change` for a payment a webhook just changed. */
  rowClassName?: (row: TData) => string | undefined;
  /** `data-*` attributes per row (e.g. its id and state, which tests and scripts look for). */
  rowAttributes?: (row: TData) => Record<`data-${string}`, string | undefined>;
  /** Below `md`, each row as a card of labelled values (`meta.label`). */
  cards?: boolean;
  /** Below `md`, the list's own cards instead of the table. */
  phoneList?: (rows: TData[]) => ReactNode;
  layout?: "fixed" | "auto";
  /** The `<table>`'s test id. */
  testId?: string;
  /** Said in the table's one row when there is none (lists that keep their header when empty). */
  empty?: ReactNode;
  /** A wide list's least width at every size (e.g. "900px"): it scrolls inside its box, and its header does not stick. */
  minWidth?: string;
}) {
  const router = useRouter();
  const body = useRef<HTMLTableSectionElement>(null);
  const rows = table.getRowModel().rows;
  const [focusIndex, setFocusIndex] = useState(0);
  const tabStop = Math.min(focusIndex, Math.max(0, rows.length - 1));

  function focusRow(index: number) {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setFocusIndex(next);
    body.current?.querySelectorAll<HTMLTableRowElement>("tr[data-row]")[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableSectionElement>) {
    const index = rowIndexOf(event.target); // keys inside a cell's own button are theirs
    const row = index === undefined ? undefined : rows[index];
    if (index === undefined || !row) return;
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: rows.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      focusRow(moves[event.key] ?? index);
    } else if (event.key === "Enter") {
      event.preventDefault();
      onOpenRow?.(row.original);
    }
  }

  function onClick(event: MouseEvent<HTMLTableSectionElement>) {
    const target = event.target as HTMLElement;
    const link = target.closest<HTMLAnchorElement>("a[href]");
    if (link) {
      if (isPlainClick(event) && !link.target && link.origin === window.location.origin) {
        event.preventDefault();
        router.push(`${link.pathname}${link.search}${link.hash}`);
      }
      return;
    }
    if (target.closest("button, input, select, label")) return;
    if (window.getSelection()?.toString()) return; // selecting text to copy is not a click
    const tr = target.closest<HTMLTableRowElement>("tr[data-row]");
    const row = tr ? rows[Number(tr.dataset.index)] : undefined;
    if (row) onOpenRow?.(row.original);
  }

  function onFocus(event: FocusEvent<HTMLTableSectionElement>) {
    const index = rowIndexOf(event.target);
    if (index !== undefined) setFocusIndex(index);
  }

  const visible = table.getVisibleLeafColumns();
  const opens = onOpenRow !== undefined;
  // A fixed layout never scrolls sideways from `lg`: its box clips and its header sticks under the
  // app header. Other tables scroll inside their box at every size, and a scrolling box would hold
  // a sticky header (it would stick inside the box, over the first rows): theirs does not stick.
  const sticks = layout === "fixed" && !minWidth;
  return (
    <>
      <div
        // `relative`: the cells' visually hidden (absolute) texts must scroll with the table, not widen the page.
        className={cn(
          "relative rounded-lg border border-border bg-surface transition-opacity",
          sticks ? "overflow-x-auto lg:overflow-x-clip" : "overflow-x-auto",
          cards && "max-md:overflow-visible max-md:border-0 max-md:bg-transparent",
          phoneList && "max-md:hidden",
          dimmed && "opacity-60",
        )}
        aria-busy={busy}
      >
        <table
          data-testid={testId}
          style={minWidth ? { minWidth } : undefined}
          className={cn(
            // The colour on the table: a row may mute all its cells (`rowClassName`), a column its own (`meta.muted`).
            "w-full border-collapse text-left text-fg max-lg:min-w-[56rem]",
            layout === "fixed" && "table-fixed",
            cards && "max-md:block max-md:min-w-0",
          )}
        >
          <caption className="sr-only">{caption}</caption>
          <colgroup className={cn(cards && "max-md:hidden")}>
            {visible.map((column) => (
              <col key={column.id} style={column.columnDef.meta?.width ? { width: column.columnDef.meta.width } : undefined} />
            ))}
          </colgroup>
          <thead
            className={cn(
              "bg-surface-muted text-xs uppercase tracking-wide text-fg-muted",
              sticks && "sticky top-12 z-10 max-lg:top-0",
              cards && "max-md:sr-only",
            )}
          >
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th
                    key={header.id}
                    scope="col"
                    title={typeof header.column.columnDef.meta?.label === "string" ? header.column.columnDef.meta.label : undefined}
                    className={cn(
                      // Fixed columns cut a long header (its title says it whole); auto columns wrap it.
                      layout === "fixed" && "truncate",
                      "border-b border-border font-semibold",
                      density === "compact" ? "px-2 py-1.5" : "px-3 py-2",
                      header.column.columnDef.meta?.align === "end" && "text-right",
                    )}
                  >
                    {header.isPlaceholder ? null : <FlexRender header={header} />}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody
            ref={body}
            onKeyDown={opens ? onKeyDown : undefined}
            onClick={opens ? onClick : undefined}
            onFocus={opens ? onFocus : undefined}
            className={cn(cards && "max-md:flex max-md:flex-col max-md:gap-2")}
          >
            {rows.length === 0 && empty ? (
              <tr>
                <td colSpan={visible.length} className="px-3 py-8 text-center text-sm text-fg-muted">
                  {empty}
                </td>
              </tr>
            ) : null}
            {rows.map((row, index) => (
              <DataTableRow
                // By position: a new page or filter updates the rows' cells in place instead of
                // removing 100 rows and building 100 new ones.
                key={index}
                row={row}
                index={index}
                tabbable={opens ? index === tabStop : undefined}
                density={density}
                className={rowClassName?.(row.original)}
                attributes={rowAttributes?.(row.original)}
                cards={cards}
              />
            ))}
          </tbody>
        </table>
      </div>
      {phoneList ? (
        <div className={cn("transition-opacity md:hidden", dimmed && "opacity-60")} aria-busy={busy}>
          {phoneList(rows.map((row) => row.original))}
        </div>
      ) : null}
    </>
  );
}
