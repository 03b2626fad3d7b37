"use client";

import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { FilterPatch } from "./features";
import type { ActiveFilter } from "./filter-descriptions";

/**
 * The active filters as removable chips, and "Clear all"; with no filter on, says so in the
 * same height, so the table below does not jump when the first filter is applied or cleared.
 */
export function DataTableFilterChips({
  active,
  onChange,
  clearAll,
  noneLabel,
}: {
  active: readonly ActiveFilter[];
  onChange: (patch: FilterPatch) => void;
  clearAll: FilterPatch;
  /** Said when no filter is on, e.g. "No filters: all payments". */
  noneLabel?: string;
}) {
  const t = useTranslations("table");
  if (active.length === 0) return <p className="flex min-h-6 items-center text-xs text-fg-muted">{noneLabel ?? t("noFilters")}</p>;
  return (
    <div className="flex min-h-6 flex-wrap items-center gap-1.5" aria-label={t("activeFilters")} role="group">
      {active.map((filter) => (
        <span
          key={filter.id}
          className="inline-flex max-w-full items-center gap-1 rounded-full border border-border bg-surface-muted py-0.5 pl-2.5 pr-1 text-xs text-fg"
        >
          <span className="font-medium">{filter.label}:</span>
          <span className="max-w-[16rem] truncate" title={filter.value}>
            {filter.value}
          </span>
          <button
            type="button"
            onClick={() => onChange(filter.clear)}
            aria-label={t("removeFilter", { label: filter.label, value: filter.value })}
            className="rounded-full p-0.5 text-fg-muted hover:bg-surface hover:text-fg"
          >
            <X aria-hidden className="h-3 w-3" />
          </button>
        </span>
      ))}
      <Button size="xs" variant="ghost" onClick={() => onChange(clearAll)}>
        {t("clearAll")}
      </Button>
    </div>
  );
}
