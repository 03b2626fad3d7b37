import { createColumnHelper } from "@tanstack/react-table";
import { StatusBadge } from "@/components/payments/status-badge";
import { dateRangeFilter } from "@/components/data-table/date-range-filter";
import type { DataTableFeatures } from "@/components/data-table/features";
import { listParamLabel, type AppTranslator } from "@/components/data-table/param-label";
import { PAYMENT_STATUSES } from "@/lib/contract/values";
import type { PaymentListItem } from "@/lib/contract/payment";
import { formatDocument, stripDocument } from "@/lib/pix/document";
import { formatBRL } from "@/lib/pix/money";
import { listParamProblem, type ListParamProblem } from "@/lib/search-params/payments";
import { DateTimeCell, FULL_ON_FOCUS, IdCell, PixKeyCell, ReferenceCell } from "./cells";

/**
 * The payments table's columns, in the reader's language. Each filterable column declares its
 * filter in `meta`, with the provider's parameter names as keys, so the generic toolbar, chips
 * and empty state are built from this list alone. `meta.width` sizes the fixed columns; the
 * others share what is left, so the default columns fit 1440 px without sideways scrolling.
 */
const helper = createColumnHelper<DataTableFeatures, PaymentListItem>();

/** Shown at first: the partner's id, the key and the cancellation reason are a click away (Columns). */
export const DEFAULT_HIDDEN_COLUMNS = { idempotent_id: false, pix_key: false, cancellation_reason: false } as const;

/** A refused filter value's reason, in words. */
export function describeProblem(problem: ListParamProblem, t: AppTranslator): string {
  switch (problem.code) {
    case "tooLong":
    case "pageRange":
      return t(`payments.problems.${problem.code}`, { max: problem.max.toLocaleString("pt-BR") });
    case "rangeNeedsBoth":
      return t("payments.problems.rangeNeedsBoth", { missing: listParamLabel(problem.missing, t).toLowerCase() });
    default:
      return t(`payments.problems.${problem.code}`);
  }
}

type TextKey = "receiver_name" | "receiver_document" | "reference_code" | "end_to_end";
const check = (key: TextKey, t: AppTranslator) => (value: string) => {
  const problem = listParamProblem(key, value);
  return problem ? describeProblem(problem, t) : null;
};

export function buildPaymentColumns(t: AppTranslator) {
  const registered = t("glossary.registrationDate");
  const paid = t("glossary.paymentDate");
  const missing = { registered: t("payments.missing.unknown"), paid: t("payments.missing.notPaid") };
  return helper.columns([
    helper.accessor("registration_date", {
      header: registered,
      cell: (info) => <DateTimeCell value={info.getValue()} missing={missing.registered} />,
      enableHiding: false,
      meta: { label: registered, width: "9rem", filter: dateRangeFilter(registered, "registration_start_date", "registration_end_date", t) },
    }),
    helper.accessor("status", {
      header: t("glossary.status"),
      cell: (info) => <StatusBadge status={info.getValue()} />,
      meta: {
        label: t("glossary.status"),
        width: "12.5rem",
        filter: {
          kind: "select",
          key: "status",
          label: t("glossary.status"),
          anyLabel: t("payments.filters.anyStatus"),
          options: PAYMENT_STATUSES.map((value) => ({ value, label: t(`glossary.paymentStatus.${value}`) })),
        },
      },
    }),
    helper.accessor("value_cents", {
      header: t("glossary.amount"),
      cell: (info) => <span className="whitespace-nowrap font-medium">{formatBRL(info.getValue())}</span>,
      enableHiding: false,
      meta: { label: t("glossary.amount"), align: "end", width: "8.5rem" },
    }),
    helper.accessor("receiver_name", {
      header: t("glossary.receiver"),
      cell: (info) => (
        <span className={`block truncate ${FULL_ON_FOCUS}`} title={info.getValue()}>
          {info.getValue()}
        </span>
      ),
      meta: {
        label: t("glossary.receiverName"),
        filter: {
          kind: "text",
          key: "receiver_name",
          label: t("glossary.receiverName"),
          placeholder: t("payments.filters.receiverNamePlaceholder"),
          validate: check("receiver_name", t),
        },
      },
    }),
    helper.accessor("receiver_document", {
      header: t("glossary.document"),
      cell: (info) => (
        <span className="whitespace-nowrap font-mono text-xs" data-document={info.getValue()}>
          {formatDocument(info.getValue())}
        </span>
      ),
      meta: {
        label: t("glossary.receiverDocument"),
        width: "10rem",
        filter: {
          kind: "text",
          key: "receiver_document",
          label: t("glossary.receiverDocument"),
          placeholder: t("payments.filters.documentPlaceholder"),
          inputMode: "numeric",
          normalize: stripDocument,
          validate: check("receiver_document", t),
        },
      },
    }),
    helper.accessor("pix_key", {
      header: t("glossary.pixKey"),
      cell: (info) => <PixKeyCell type={info.row.original.pix_key_type} value={info.getValue()} />,
      meta: { label: t("glossary.pixKey") },
    }),
    helper.accessor("reference_code", {
      header: t("glossary.referenceCode"),
      cell: (info) => <ReferenceCell payment={info.row.original} />,
      meta: {
        label: t("glossary.referenceCode"),
        filter: {
          kind: "text",
          key: "reference_code",
          label: t("glossary.referenceCode"),
          placeholder: t("payments.filters.referencePlaceholder"),
          validate: check("reference_code", t),
        },
      },
    }),
    helper.accessor("end_to_end", {
      header: t("glossary.endToEnd"),
      cell: (info) => <IdCell value={info.getValue()} label={t("glossary.endToEnd")} />,
      meta: {
        label: t("glossary.endToEnd"),
        filter: {
          kind: "text",
          key: "end_to_end",
          label: t("glossary.endToEnd"),
          placeholder: t("payments.filters.endToEndPlaceholder"),
          validate: check("end_to_end", t),
        },
      },
    }),
    helper.accessor("idempotent_id", {
      header: t("glossary.idempotentId"),
      cell: (info) => <IdCell value={info.getValue()} label={t("glossary.idempotentId")} />,
      meta: { label: t("glossary.idempotentId") },
    }),
    helper.accessor("payment_date", {
      header: paid,
      cell: (info) => <DateTimeCell value={info.getValue()} missing={missing.paid} />,
      meta: { label: paid, width: "9rem", filter: dateRangeFilter(paid, "payment_start_date", "payment_end_date", t) },
    }),
    helper.accessor("cancellation_reason", {
      header: t("glossary.cancellationReason"),
      cell: (info) => (
        <span className={`block truncate text-fg-muted ${FULL_ON_FOCUS}`} title={info.getValue() ?? undefined}>
          {info.getValue() ?? ""}
        </span>
      ),
      meta: { label: t("glossary.cancellationReason") },
    }),
  ]);
}
