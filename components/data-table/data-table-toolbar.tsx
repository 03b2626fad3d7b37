"use client";

import { useTranslations } from "next-intl";
import type { Ref } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { FilterMeta, FilterPatch, FilterValues } from "./features";
import { DateRangeFilter } from "./filters/date-range-filter";
import { SelectFilter } from "./filters/select-filter";
import { TextFilter } from "./filters/text-filter";

/** Renders one control per declared filter; knows nothing of what the table shows. */
export function DataTableToolbar({
  filters,
  values,
  onChange,
  ref,
}: {
  filters: readonly FilterMeta[];
  values: FilterValues;
  onChange: (patch: FilterPatch) => void;
  ref?: Ref<HTMLDivElement>;
}) {
  const t = useTranslations("table");
  const hydrated = useHydrated();
  return (
    <div
      ref={ref}
      role="search"
      aria-label={t("filters")}
      className="grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-x-3 gap-y-2"
    >
      {/* Disabled until hydrated: a choice made earlier would be lost. `contents`: the grid lays out the controls. */}
      <fieldset disabled={!hydrated} className="contents">
      {filters.map((meta) => {
        switch (meta.kind) {
          case "text":
            return (
              <TextFilter
                key={meta.key}
                meta={meta}
                value={values[meta.key] ?? null}
                onCommit={(value) => onChange({ [meta.key]: value })}
              />
            );
          case "select":
            return (
              <SelectFilter
                key={meta.key}
                meta={meta}
                value={values[meta.key] ?? null}
                onCommit={(value) => onChange({ [meta.key]: value })}
              />
            );
          case "dateRange":
            return (
              <DateRangeFilter
                key={meta.startKey}
                meta={meta}
                start={values[meta.startKey] ?? null}
                end={values[meta.endKey] ?? null}
                onCommit={onChange}
              />
            );
        }
      })}
      </fieldset>
    </div>
  );
}
