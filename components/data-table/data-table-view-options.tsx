"use client";

import type { ReactTable, RowData } from "@tanstack/react-table";
import { Columns3, Rows3, Rows4 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import type { Density } from "./data-table";
import type { DataTableFeatures } from "./features";
import { useDisclosure } from "./use-disclosure";

/** The column chooser: every hideable column, by its meta label, as a checkbox. */
export function DataTableColumnChooser<TData extends RowData>({ table }: { table: ReactTable<DataTableFeatures, TData> }) {
  const t = useTranslations("table");
  const id = useId();
  const { open, triggerProps, panelProps } = useDisclosure(224);
  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide());
  return (
    <div className="relative">
      <button type="button" {...triggerProps} className={buttonVariants({ size: "sm" })}>
        <Columns3 aria-hidden className="h-4 w-4" /> {t("columns")}
      </button>
      {open ? (
        <div
          {...panelProps}
          role="dialog"
          aria-labelledby={`${id}-title`}
          className="absolute top-full z-50 mt-1 rounded-lg border border-border bg-surface p-2 text-sm text-fg shadow-lg data-[align=end]:right-0 data-[align=start]:left-0"
        >
          <p id={`${id}-title`} className="px-1 pb-1.5 text-xs font-semibold text-fg-muted">
            {t("showColumns")}
          </p>
          <ul className="flex flex-col">
            {columns.map((column) => (
              <li key={column.id}>
                <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-1.5 hover:bg-surface-muted">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-600"
                    checked={column.getIsVisible()}
                    onChange={(event) => column.toggleVisibility(event.target.checked)}
                  />
                  {column.columnDef.meta?.label ?? column.id}
                </label>
              </li>
            ))}
          </ul>
          <Button size="sm" variant="ghost" align="start" className="mt-1 w-full" onClick={() => table.resetColumnVisibility(true)}>
            {t("showAllColumns")}
          </Button>
          <Button size="sm" variant="ghost" align="start" className="w-full" onClick={() => table.resetColumnVisibility()}>
            {t("defaultColumns")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** Compact or comfortable rows: a two-state toggle that says which one is on. */
export function DataTableDensityToggle({
  density,
  onChange,
  className,
}: {
  density: Density;
  onChange: (next: Density) => void;
  className?: string;
}) {
  const t = useTranslations("table");
  const compact = density === "compact";
  return (
    <Button size="sm" aria-pressed={compact} onClick={() => onChange(compact ? "comfortable" : "compact")} className={className}>
      {compact ? <Rows4 aria-hidden className="h-4 w-4" /> : <Rows3 aria-hidden className="h-4 w-4" />}
      {t("compactRows")}
    </Button>
  );
}
