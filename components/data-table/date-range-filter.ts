import type { DateRangeFilterMeta } from "@/components/data-table/features";
import type { AppTranslator } from "@/components/data-table/param-label";
import { resolveDatePreset, type DatePreset } from "@/lib/pix/date-presets";

const PRESETS: readonly DatePreset[] = ["today", "yesterday", "last7", "thisMonth", "lastMonth"];

/** "2026-03-01T00:00:00" -> "01/03/2026" (with the time when it is not a whole-day bound). */
function formatListValue(value: string): string {
  const [day = "", time = ""] = value.split("T");
  const [y, m, d] = day.split("-");
  const date = `${d}/${m}/${y}`;
  return time === "00:00:00" || time === "23:59:59" ? date : `${date} ${time.slice(0, 5)}`;
}

/**
 * A provider list's date-range filter (registration or payment dates of payments and QR codes):
 * whole days in the URL as the provider's `YYYY-mm-ddTHH:MM:ss` bounds, with the table's presets.
 */
export function dateRangeFilter(label: string, startKey: string, endKey: string, t: AppTranslator): DateRangeFilterMeta {
  return {
    kind: "dateRange",
    label,
    startKey,
    endKey,
    presets: PRESETS.map((id) => ({ id, label: t(`table.presets.${id}`), resolve: () => resolveDatePreset(id, new Date()) })),
    toStartValue: (day) => `${day}T00:00:00`,
    toEndValue: (day) => `${day}T23:59:59`,
    toDay: (value) => value.slice(0, 10),
    formatValue: formatListValue,
  };
}
