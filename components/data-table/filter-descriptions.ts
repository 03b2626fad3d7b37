import type { FilterMeta, FilterPatch, FilterValues } from "./features";

/** One active filter in words, for chips and the empty state, with the patch that removes it. */
export type ActiveFilter = { id: string; label: string; value: string; clear: FilterPatch };

export function describeActiveFilters(filters: readonly FilterMeta[], values: FilterValues): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  for (const meta of filters) {
    if (meta.kind === "dateRange") {
      const start = values[meta.startKey];
      const end = values[meta.endKey];
      if (!start || !end) continue;
      active.push({
        id: meta.startKey,
        label: meta.label,
        value: `${meta.formatValue(start)} – ${meta.formatValue(end)}`,
        clear: { [meta.startKey]: null, [meta.endKey]: null },
      });
      continue;
    }
    const value = values[meta.key];
    if (!value) continue;
    const shown = meta.kind === "select" ? (meta.options.find((o) => o.value === value)?.label ?? value) : value;
    active.push({ id: meta.key, label: meta.label, value: shown, clear: { [meta.key]: null } });
  }
  return active;
}

/** The patch that removes every filter at once. */
export function clearAllPatch(filters: readonly FilterMeta[]): FilterPatch {
  const patch: FilterPatch = {};
  for (const meta of filters) {
    if (meta.kind === "dateRange") {
      patch[meta.startKey] = null;
      patch[meta.endKey] = null;
    } else patch[meta.key] = null;
  }
  return patch;
}

/** Text and select filters first (quick to reach with `/` and Tab), then date ranges. */
export function orderFilters(filters: readonly FilterMeta[]): FilterMeta[] {
  return [...filters].sort((a, b) => Number(a.kind === "dateRange") - Number(b.kind === "dateRange"));
}
