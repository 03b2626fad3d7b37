"use client";

import { flexRender, type Row, type RowData } from "@tanstack/react-table";
import { cn } from "@/lib/utils";
import type { DataTableFeatures } from "./features";

export type Density = "compact" | "comfortable";

const CELL_PADDING: Record<Density, string> = {
  compact: "px-2 py-1 text-xs",
  comfortable: "px-3 py-2.5 text-sm",
};

/** A row that opens on click or Enter (`onOpenRow`), focused with the arrow keys. */
const OPEN_ROW_CLASS =
  "group/row cursor-pointer border-b border-border last:border-b-0 hover:bg-surface-muted focus-visible:bg-surface-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600";

/** A row whose cells carry their own links and buttons (e.g. the first cell's link covers the row). */
const PLAIN_ROW_CLASS = "border-b border-border last:border-b-0 hover:bg-surface-muted/60 focus-within:bg-surface-muted/60";

/** A row as a card below `md`: each cell a line with its column's name before the value. */
const CARD_ROW = "max-md:block max-md:rounded-lg max-md:border max-md:bg-surface max-md:p-3 max-md:last:border-b";
const CARD_CELL =
  "max-md:grid max-md:grid-cols-[minmax(6.5rem,35%)_1fr] max-md:items-start max-md:gap-2 max-md:px-0 max-md:py-0.5 max-md:text-left max-md:before:text-xs max-md:before:font-medium max-md:before:text-fg-muted max-md:before:content-[attr(data-label)] max-md:[&>*]:justify-self-start";

type RowProps<TData extends RowData> = {
  row: Row<DataTableFeatures, TData>;
  index: number;
  /** Undefined: the row takes no focus of its own (its cells' links and buttons do). */
  tabbable: boolean | undefined;
  density: Density;
  className: string | undefined;
  cards: boolean;
  /** `data-*` attributes naming the row for scripts and tests (e.g. `data-state`). */
  attributes?: Record<`data-${string}`, string | undefined>;
};

/** One body row. Its keys and clicks are handled by the table body (`data-index` says which row). */
export function DataTableRow<TData extends RowData>({ row, index, tabbable, density, className, cards, attributes }: RowProps<TData>) {
  return (
    <tr
      {...attributes}
      data-row
      data-index={index}
      tabIndex={tabbable === undefined ? undefined : tabbable ? 0 : -1}
      className={cn(tabbable === undefined ? PLAIN_ROW_CLASS : OPEN_ROW_CLASS, cards && CARD_ROW, className)}
    >
      {row.getVisibleCells().map((cell) => (
        <td
          key={cell.column.id}
          data-column={cell.column.id}
          data-label={cards ? cell.column.columnDef.meta?.label : undefined}
          className={cn(
            "overflow-hidden",
            cell.column.columnDef.meta?.valign === "top" ? "align-top" : "align-middle",
            cell.column.columnDef.meta?.muted && "text-fg-muted",
            CELL_PADDING[density],
            cell.column.columnDef.meta?.align === "end" && "text-right tabular-nums",
            cell.column.columnDef.meta?.className,
            cards && CARD_CELL,
          )}
        >
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );
}
