"use client";

import type { ReactTable, RowData } from "@tanstack/react-table";
import { Check, Columns3, Rows3, Rows4 } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Button } from "@/components/ui/button";
import type { Density } from "./data-table";
import type { DataTableFeatures } from "./features";

/** The column chooser: every hideable column, by its meta label, as a checkbox item. */
export function DataTableColumnChooser<TData extends RowData>({ table }: { table: ReactTable<DataTableFeatures, TData> }) {
  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide());
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button size="sm">
          <Columns3 aria-hidden className="h-4 w-4" /> Columns
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-[14rem] rounded-lg border border-border bg-surface p-1 text-sm text-fg shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-fg-muted">Show columns</DropdownMenu.Label>
          {columns.map((column) => (
            <DropdownMenu.CheckboxItem
              key={column.id}
              checked={column.getIsVisible()}
              onCheckedChange={(checked) => column.toggleVisibility(checked === true)}
              // Keep the menu open: people usually change several columns at once.
              onSelect={(event) => event.preventDefault()}
              className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 outline-none data-[highlighted]:bg-surface-muted"
            >
              <span className="flex h-4 w-4 items-center justify-center rounded border border-border">
                <DropdownMenu.ItemIndicator>
                  <Check aria-hidden className="h-3 w-3" />
                </DropdownMenu.ItemIndicator>
              </span>
              {column.columnDef.meta?.label ?? column.id}
            </DropdownMenu.CheckboxItem>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item
            onSelect={() => table.resetColumnVisibility(true)}
            className="cursor-pointer rounded px-2 py-1.5 outline-none data-[highlighted]:bg-surface-muted"
          >
            Show all columns
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** Compact or comfortable rows: a two-state toggle that says which one is on. */
export function DataTableDensityToggle({ density, onChange }: { density: Density; onChange: (next: Density) => void }) {
  const compact = density === "compact";
  return (
    <Button size="sm" aria-pressed={compact} onClick={() => onChange(compact ? "comfortable" : "compact")}>
      {compact ? <Rows4 aria-hidden className="h-4 w-4" /> : <Rows3 aria-hidden className="h-4 w-4" />}
      Compact rows
    </Button>
  );
}
