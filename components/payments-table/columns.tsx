import { createColumnHelper } from "@tanstack/react-table";
import { StatusBadge, statusLabel } from "@/components/payments/status-badge";
import type { DateRangeFilterMeta, DataTableFeatures } from "@/components/data-table/features";
import { PAYMENT_STATUSES } from "@/lib/contract/values";
import type { PaymentListItem } from "@/lib/contract/payment";
import { DATE_PRESET_LABELS, resolveDatePreset, type DatePreset } from "@/lib/pix/date-presets";
import { formatDocument, stripDocument } from "@/lib/pix/document";
import { formatBRL } from "@/lib/pix/money";
import { checkListParam } from "@/lib/search-params/payments";
import { DateTimeCell, IdCell, PixKeyCell, ReferenceCell } from "./cells";

/**
 * The payments table's columns. Each filterable column declares its filter in `meta`, with
 * the provider's parameter names as keys, so the generic toolbar, chips and empty state can
 * be built from this list alone.
 */
const helper = createColumnHelper<DataTableFeatures, PaymentListItem>();

const PRESETS: readonly DatePreset[] = ["today", "yesterday", "last7", "thisMonth", "lastMonth"];

/** "2026-03-01T00:00:00" -> "01/03/2026" (with the time when it is not a whole-day bound). */
function formatListValue(value: string): string {
  const [day = "", time = ""] = value.split("T");
  const [y, m, d] = day.split("-");
  const date = `${d}/${m}/${y}`;
  return time === "00:00:00" || time === "23:59:59" ? date : `${date} ${time.slice(0, 5)}`;
}

function dateRange(label: string, startKey: string, endKey: string): DateRangeFilterMeta {
  return {
    kind: "dateRange",
    label,
    startKey,
    endKey,
    presets: PRESETS.map((id) => ({ id, label: DATE_PRESET_LABELS[id], resolve: () => resolveDatePreset(id, new Date()) })),
    toStartValue: (day) => `${day}T00:00:00`,
    toEndValue: (day) => `${day}T23:59:59`,
    toDay: (value) => value.slice(0, 10),
    formatValue: formatListValue,
  };
}

export const paymentColumns = helper.columns([
  helper.accessor("registration_date", {
    header: "Registered",
    cell: (info) => <DateTimeCell value={info.getValue()} missing="unknown" />,
    enableHiding: false,
    meta: { label: "Registered", filter: dateRange("Registered", "registration_start_date", "registration_end_date") },
  }),
  helper.accessor("status", {
    header: "Status",
    cell: (info) => <StatusBadge status={info.getValue()} />,
    meta: {
      label: "Status",
      filter: {
        kind: "select",
        key: "status",
        label: "Status",
        anyLabel: "Any status",
        options: PAYMENT_STATUSES.map((value) => ({ value, label: statusLabel(value) })),
      },
    },
  }),
  helper.accessor("value_cents", {
    header: "Amount",
    cell: (info) => <span className="whitespace-nowrap font-medium">{formatBRL(info.getValue())}</span>,
    enableHiding: false,
    meta: { label: "Amount", align: "end" },
  }),
  helper.accessor("receiver_name", {
    header: "Receiver",
    cell: (info) => (
      <span className="block truncate" title={info.getValue()}>
        {info.getValue()}
      </span>
    ),
    meta: {
      label: "Receiver name",
      className: "max-w-[14rem]",
      filter: {
        kind: "text",
        key: "receiver_name",
        label: "Receiver name",
        placeholder: "Part of a name",
        validate: (v) => checkListParam("receiver_name", v),
      },
    },
  }),
  helper.accessor("receiver_document", {
    header: "Document",
    cell: (info) => (
      <span className="whitespace-nowrap font-mono text-xs" data-document={info.getValue()}>
        {formatDocument(info.getValue())}
      </span>
    ),
    meta: {
      label: "Receiver document",
      filter: {
        kind: "text",
        key: "receiver_document",
        label: "Receiver document",
        placeholder: "CPF or CNPJ digits",
        inputMode: "numeric",
        normalize: stripDocument,
        validate: (v) => checkListParam("receiver_document", v),
      },
    },
  }),
  helper.accessor("pix_key", {
    header: "Pix key",
    cell: (info) => <PixKeyCell type={info.row.original.pix_key_type} value={info.getValue()} />,
    meta: { label: "Pix key", className: "max-w-[12rem]" },
  }),
  helper.accessor("reference_code", {
    header: "Reference",
    cell: (info) => <ReferenceCell payment={info.row.original} />,
    meta: {
      label: "Reference code",
      className: "max-w-[13rem]",
      filter: {
        kind: "text",
        key: "reference_code",
        label: "Reference code",
        placeholder: "Part of a code",
        validate: (v) => checkListParam("reference_code", v),
      },
    },
  }),
  helper.accessor("end_to_end", {
    header: "End-to-end ID",
    cell: (info) => <IdCell value={info.getValue()} label="end-to-end ID" className="max-w-[12rem]" />,
    meta: {
      label: "End-to-end ID",
      filter: {
        kind: "text",
        key: "end_to_end",
        label: "End-to-end ID",
        placeholder: "E…",
        validate: (v) => checkListParam("end_to_end", v),
      },
    },
  }),
  helper.accessor("payment_date", {
    header: "Paid",
    cell: (info) => <DateTimeCell value={info.getValue()} missing="not paid" />,
    meta: { label: "Paid", filter: dateRange("Paid", "payment_start_date", "payment_end_date") },
  }),
  helper.accessor("cancellation_reason", {
    header: "Cancellation reason",
    cell: (info) => (
      <span className="block truncate text-fg-muted" title={info.getValue() ?? undefined}>
        {info.getValue() ?? ""}
      </span>
    ),
    meta: { label: "Cancellation reason", className: "max-w-[14rem]" },
  }),
]);
