import { createColumnHelper } from "@tanstack/react-table";
import { dateRangeFilter } from "@/components/data-table/date-range-filter";
import type { DataTableFeatures } from "@/components/data-table/features";
import type { AppTranslator } from "@/components/data-table/param-label";
import { DateTimeCell, FULL_ON_FOCUS, IdCell } from "@/components/payments-table/cells";
import { QrStatusBadge } from "@/components/qrcode-detail/qr-status-badge";
import { CopyButton } from "@/components/ui/copy-button";
import type { QrcodeListItem } from "@/lib/contract/qrcode-list";
import type { QrcodeListTextParam } from "@/lib/contract/qrcode-list-rules";
import { QRCODE_STATUSES } from "@/lib/contract/values";
import { qrcodeHref } from "@/lib/lookup/route-param";
import { formatDocument, stripDocument } from "@/lib/pix/document";
import { formatBRL } from "@/lib/pix/money";
import { qrcodeParamProblem } from "@/lib/search-params/qrcodes";
import { cn } from "@/lib/utils";

const helper = createColumnHelper<DataTableFeatures, QrcodeListItem>();
/** Shown at first: the external reference and the generator's document are a click away (Columns). */
export const DEFAULT_HIDDEN_QRCODE_COLUMNS = { external_reference: false, generator_document: false, payer_document: false } as const;

/** A typed value the provider would refuse: why, in the reader's words (the filter does not apply it). */
const check = (key: QrcodeListTextParam, t: AppTranslator) => (value: string) => {
  const problem = qrcodeParamProblem(key, value);
  if (!problem) return null;
  return problem.code === "tooLong" ? t("qrcodes.problems.tooLong", { max: problem.max }) : t(`qrcodes.problems.${problem.code}`);
};

function text(key: "generator_name" | "payer_name" | "reference_code" | "end_to_end", label: string, placeholder: string, t: AppTranslator) {
  return { kind: "text" as const, key, label, placeholder, validate: check(key, t) };
}

function documentFilter(key: "generator_document" | "payer_document", label: string, t: AppTranslator) {
  return { kind: "text" as const, key, label, placeholder: t("qrcodes.filters.documentPlaceholder"), inputMode: "numeric" as const, normalize: stripDocument, validate: check(key, t) };
}

/** The end-to-end ID, a link to the QR code record's page (a plain anchor: the table routes it). Unpaid charges have none. */
function EndToEndCell({ value, t }: { value: string | null; t: AppTranslator }) {
  if (!value) return <span className="text-xs text-fg-muted">{t("qrcodes.notPaidYet")}</span>;
  return (
    <span className="flex min-w-0 items-center gap-1">
      <a
        href={qrcodeHref(value)}
        className={cn("truncate font-mono text-xs text-blue-700 underline-offset-2 hover:underline dark:text-blue-300", FULL_ON_FOCUS)}
        title={t("qrcodes.open", { endToEnd: value })}
      >
        {value}
      </a>
      <CopyButton value={value} label={t("glossary.endToEnd")} />
    </span>
  );
}

const nameCell = (value: string | null) => (
  <span className={`block truncate ${FULL_ON_FOCUS}`} title={value ?? undefined}>
    {value ?? "—"}
  </span>
);
const documentCell = (value: string | null) => <span className="whitespace-nowrap font-mono text-xs">{value ? formatDocument(value) : "—"}</span>;

/**
 * The charges table's columns, in the reader's language; each filterable column declares its
 * filter in `meta` with the provider's parameter name as key (the generic toolbar builds itself from them).
 */
export function buildQrcodeColumns(t: AppTranslator) {
  const created = t("qrcodes.columns.created");
  const paid = t("glossary.paymentDate");
  return helper.columns([
    helper.accessor("registration_date", {
      header: created,
      cell: (info) => <DateTimeCell value={info.getValue()} missing={t("qrcodes.missing.none")} />,
      enableHiding: false,
      meta: { label: created, width: "9rem", filter: dateRangeFilter(created, "registration_start_date", "registration_end_date", t) },
    }),
    helper.accessor("status", {
      header: t("glossary.status"),
      cell: (info) => <QrStatusBadge status={info.getValue()} />,
      meta: {
        label: t("glossary.status"),
        width: "12.5rem",
        filter: {
          kind: "select",
          key: "status",
          label: t("glossary.status"),
          anyLabel: t("qrcodes.filters.anyStatus"),
          options: QRCODE_STATUSES.map((value) => ({ value, label: t(`glossary.qrcodeStatus.${value}`) })),
        },
      },
    }),
    helper.accessor("value_cents", {
      header: t("glossary.amount"),
      cell: (info) => <span className="whitespace-nowrap font-medium">{formatBRL(info.getValue())}</span>,
      enableHiding: false,
      meta: { label: t("glossary.amount"), align: "end", width: "8.5rem" },
    }),
    helper.accessor("payer_name", {
      header: t("glossary.payer"),
      cell: (info) => nameCell(info.getValue()),
      meta: { label: t("glossary.payer"), filter: text("payer_name", t("glossary.payer"), t("qrcodes.filters.namePlaceholder"), t) },
    }),
    helper.accessor("payer_document", {
      header: t("qrcodes.columns.payerDocument"),
      cell: (info) => documentCell(info.getValue()),
      meta: { label: t("qrcodes.columns.payerDocument"), width: "10rem", filter: documentFilter("payer_document", t("qrcodes.columns.payerDocument"), t) },
    }),
    helper.accessor("generator_name", {
      header: t("glossary.generator"),
      cell: (info) => nameCell(info.getValue()),
      meta: { label: t("glossary.generator"), filter: text("generator_name", t("glossary.generator"), t("qrcodes.filters.namePlaceholder"), t) },
    }),
    helper.accessor("generator_document", {
      header: t("qrcodes.columns.generatorDocument"),
      cell: (info) => documentCell(info.getValue()),
      meta: { label: t("qrcodes.columns.generatorDocument"), width: "10rem", filter: documentFilter("generator_document", t("qrcodes.columns.generatorDocument"), t) },
    }),
    helper.accessor("reference_code", {
      header: t("glossary.referenceCode"),
      cell: (info) => <IdCell value={info.getValue()} label={t("glossary.referenceCode")} />,
      meta: { label: t("glossary.referenceCode"), filter: text("reference_code", t("glossary.referenceCode"), t("qrcodes.filters.referencePlaceholder"), t) },
    }),
    helper.accessor("end_to_end", {
      header: t("glossary.endToEnd"),
      cell: (info) => <EndToEndCell value={info.getValue()} t={t} />,
      meta: { label: t("glossary.endToEnd"), filter: text("end_to_end", t("glossary.endToEnd"), t("qrcodes.filters.endToEndPlaceholder"), t) },
    }),
    helper.accessor("external_reference", {
      header: t("glossary.externalReference"),
      cell: (info) => <IdCell value={info.getValue()} label={t("glossary.externalReference")} />,
      meta: { label: t("glossary.externalReference") },
    }),
    helper.accessor("payment_date", {
      header: paid,
      cell: (info) => <DateTimeCell value={info.getValue()} missing={t("qrcodes.missing.notPaid")} />,
      meta: { label: paid, width: "9rem", filter: dateRangeFilter(paid, "payment_start_date", "payment_end_date", t) },
    }),
  ]);
}
