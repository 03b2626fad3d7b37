import { createColumnHelper } from "@tanstack/react-table";
import type { DataTableFeatures } from "@/components/data-table/features";
import type { WebhookEvent } from "@/lib/events/schema";
import { ChangeCell, DeliveriesCell, PaymentCell, VerificationCell, When } from "./event-cells";

const helper = createColumnHelper<DataTableFeatures, WebhookEvent>();

export type EventColumnWords = Record<"received" | "payment" | "change" | "verification" | "deliveries", string>;

/** The event log's columns; the cells are in event-cells.tsx. */
export function buildEventColumns(words: EventColumnWords) {
  return helper.columns([
    helper.accessor("received_at", {
      header: words.received,
      cell: (info) => <When iso={info.getValue()} />,
      meta: { label: words.received, valign: "top", className: "whitespace-nowrap" },
    }),
    helper.display({
      id: "payment",
      header: words.payment,
      cell: (info) => <PaymentCell event={info.row.original} />,
      meta: { label: words.payment, valign: "top" },
    }),
    helper.display({
      id: "change",
      header: words.change,
      cell: (info) => <ChangeCell event={info.row.original} />,
      meta: { label: words.change, valign: "top" },
    }),
    helper.display({
      id: "verification",
      header: words.verification,
      cell: (info) => <VerificationCell event={info.row.original} />,
      meta: { label: words.verification, valign: "top" },
    }),
    helper.display({
      id: "deliveries",
      header: words.deliveries,
      cell: (info) => <DeliveriesCell event={info.row.original} />,
      meta: { label: words.deliveries, valign: "top" },
    }),
  ]);
}
