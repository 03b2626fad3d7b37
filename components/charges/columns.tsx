import { createColumnHelper } from "@tanstack/react-table";
import type { DateRangeFilterMeta, DataTableFeatures } from "@/components/data-table/features";
import type { AppTranslator } from "@/components/data-table/param-label";
import type { Charge } from "@/lib/charges/answers";
import { CHARGE_STATES } from "@/lib/charges/states";
import { resolveDatePreset } from "@/lib/pix/date-presets";
import { formatBrazilDay } from "@/lib/pix/date-input";
import { formatDocument } from "@/lib/pix/document";
import { formatBRL } from "@/lib/pix/money";
import { formatBrazilDate } from "@/lib/pix/time";
import { ChargeStateBadge } from "./charge-state-badge";

const helper = createColumnHelper<DataTableFeatures, Charge>();
export const DEFAULT_HIDDEN_CHARGE_COLUMNS = { kind: false } as const;

const PRESETS = ["today", "last7", "thisMonth", "lastMonth"] as const;

/** A filter on Brazil days (GET /api/charges takes `YYYY-MM-DD` bounds, both included). */
function dayRangeFilter(label: string, startKey: string, endKey: string, t: AppTranslator): DateRangeFilterMeta {
  return {
    kind: "dateRange",
    label,
    startKey,
    endKey,
    presets: PRESETS.map((id) => ({
      id,
      label: t(`table.presets.${id}`),
      resolve: () => {
        const { start, end } = resolveDatePreset(id, new Date());
        return { start: start.slice(0, 10), end: end.slice(0, 10) };
      },
    })),
    toStartValue: (day) => day,
    toEndValue: (day) => day,
    toDay: (value) => value.slice(0, 10),
    formatValue: formatBrazilDay,
  };
}

/** The /charges table's columns, in the reader's language; each filterable column declares its filter in `meta`. */
export function buildChargeColumns(t: AppTranslator) {
  const due = t("charges.table.due");
  const paid = t("charges.table.paidAt");
  return helper.columns([
    helper.accessor("due_date", {
      header: due,
      cell: (info) => <span className="whitespace-nowrap tabular-nums">{formatBrazilDay(info.getValue())}</span>,
      enableHiding: false,
      meta: { label: due, width: "8rem", filter: dayRangeFilter(due, "due_from", "due_to", t) },
    }),
    helper.accessor("state", {
      header: t("charges.table.state"),
      cell: (info) => <ChargeStateBadge state={info.getValue()} />,
      meta: {
        label: t("charges.table.state"),
        width: "12rem",
        filter: {
          kind: "select",
          key: "state",
          label: t("charges.table.state"),
          anyLabel: t("charges.filters.allStates"),
          options: CHARGE_STATES.map((value) => ({ value, label: t(`charges.states.${value}`) })),
        },
      },
    }),
    helper.accessor("value_cents", {
      header: t("charges.table.value"),
      cell: (info) => <span className="whitespace-nowrap font-medium">{formatBRL(info.getValue())}</span>,
      enableHiding: false,
      meta: { label: t("charges.table.value"), align: "end", width: "8.5rem" },
    }),
    helper.accessor("payer_name", {
      header: t("charges.table.payer"),
      cell: (info) => (
        <span className="block min-w-0">
          <span className="block truncate" title={info.getValue()}>{info.getValue()}</span>
          <span className="block font-mono text-xs text-fg-muted">{formatDocument(info.row.original.payer_document)}</span>
        </span>
      ),
      meta: { label: t("charges.table.payer"), filter: { kind: "text", key: "payer", label: t("charges.table.payer"), placeholder: t("charges.filters.payer") } },
    }),
    helper.accessor("external_reference", {
      header: t("charges.table.reference"),
      cell: (info) => (
        <a href={`/charges/${encodeURIComponent(info.row.original.id)}`} className="block truncate font-mono text-xs text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
          {info.getValue()}
        </a>
      ),
      meta: { label: t("charges.table.reference"), width: "12rem" },
    }),
    helper.accessor("kind", {
      header: t("charges.table.kind"),
      cell: (info) => t(`charges.kinds.${info.getValue()}`),
      meta: { label: t("charges.table.kind"), width: "9rem" },
    }),
    helper.accessor((c) => c.paid?.at ?? null, {
      id: "paid_at",
      header: paid,
      cell: (info) => {
        const at = info.getValue();
        return at ? <span className="whitespace-nowrap tabular-nums">{formatBrazilDate(at)}</span> : <span className="text-fg-muted">—</span>;
      },
      meta: { label: paid, width: "8rem", filter: dayRangeFilter(paid, "paid_from", "paid_to", t) },
    }),
  ]);
}
