"use client";

import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { useRowsTable } from "@/components/data-table/use-rows-table";
import type { WebhookEvent } from "@/lib/events/schema";
import { buildEventColumns } from "./event-columns";

/** The rows of the event log. Rows that arrive while the page is open flash once. Wide: it scrolls inside its box. */
export function EventLogTable({ events }: { events: WebhookEvent[] }) {
  const t = useTranslations("events.table");
  const fresh = useFreshIds(events);
  const columns = useMemo(
    () => buildEventColumns({ received: t("received"), payment: t("payment"), change: t("change"), verification: t("verification"), deliveries: t("deliveries") }),
    [t],
  );
  const table = useRowsTable(columns, events, (e) => String(e.id));
  return (
    <DataTable
      table={table}
      caption={t("caption")}
      density="comfortable"
      busy={false}
      layout="auto"
      minWidth="56rem"
      rowAttributes={(e) => ({ "data-event-id": String(e.id), "data-kind": e.kind ?? "payment" })}
      rowClassName={(e) => (fresh.has(e.id) ? "flash-change" : undefined)}
    />
  );
}

/**
 * Ids newer than the newest one this table first showed: they came in live. (The table is
 * keyed by its filters, so a new filter or page starts afresh.)
 */
function useFreshIds(events: WebhookEvent[]): Set<number> {
  const [firstMax] = useState(() => events.reduce((max, e) => Math.max(max, e.id), 0));
  return new Set(events.filter((e) => e.id > firstMax).map((e) => e.id));
}
