import type { ExportColumn } from "@/lib/export/columns";
import type { Translator } from "@/lib/i18n/server";
import { formatBrazilDay } from "@/lib/pix/date-input";
import type { CashDayView } from "./answers";

/** The cash position as a file: one line per day, in the reader's words. */
export function cashColumns(t: Translator): ExportColumn<CashDayView>[] {
  const h = (key: string) => t(`cash.columns.${key}` as Parameters<Translator>[0]);
  return [
    { key: "date", header: h("date"), type: "text", width: 12, value: (d) => formatBrazilDay(d.date) },
    { key: "non_business", header: h("nonBusiness"), type: "text", width: 28, value: (d) => (d.non_business === "weekend" ? h("weekend") : d.non_business) },
    { key: "opening", header: h("opening"), type: "money", width: 16, value: (d) => d.opening_cents },
    { key: "out", header: h("out"), type: "money", width: 16, value: (d) => d.out_cents },
    { key: "out_pending", header: h("outPending"), type: "money", width: 20, value: (d) => d.out_pending_cents },
    { key: "in", header: h("in"), type: "money", width: 16, value: (d) => d.in_cents },
    { key: "in_at_risk", header: h("inAtRisk"), type: "money", width: 16, value: (d) => d.in_at_risk_cents },
    { key: "closing", header: h("closing"), type: "money", width: 16, value: (d) => d.closing_cents },
    { key: "items_out", header: h("itemsOut"), type: "integer", width: 10, value: (d) => d.items_out.length },
    { key: "items_in", header: h("itemsIn"), type: "integer", width: 10, value: (d) => d.items_in.length },
  ];
}
