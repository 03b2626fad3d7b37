import type { ExportColumn } from "@/lib/export/columns";
import { brazilTimeHeader } from "@/lib/export/payments-columns";
import type { Translator } from "@/lib/i18n/server";
import { formatDocument } from "@/lib/pix/document";
import { parseProviderDateTime } from "@/lib/pix/time";
import type { Movement } from "./movements";

/** The statement as CSV and XLSX: when, which way, who, the ids, the signed amount (out negative). */
export function statementExportColumns(t: Translator): ExportColumn<Movement>[] {
  return [
    { key: "date", header: brazilTimeHeader(t, t("statement.columns.date")), type: "datetime", width: 20, value: (m) => parseProviderDateTime(m.date) },
    { key: "kind", header: t("statement.columns.kind"), type: "text", width: 12, value: (m) => t(`statement.kinds.${m.kind}`) },
    { key: "counterpart", header: t("statement.columns.counterpart"), type: "text", width: 34, value: (m) => m.counterpart_name },
    { key: "document", header: t("glossary.document"), type: "text", width: 21, value: (m) => (m.counterpart_document ? formatDocument(m.counterpart_document) : null) },
    { key: "end_to_end", header: t("glossary.endToEnd"), type: "text", width: 34, value: (m) => m.end_to_end },
    { key: "reference_code", header: t("glossary.referenceCode"), type: "text", width: 34, value: (m) => m.reference_code },
    { key: "our_id", header: t("statement.columns.ourId"), type: "text", width: 34, value: (m) => m.our_id },
    { key: "amount", header: t("statement.columns.amount"), type: "money", width: 16, value: (m) => m.amount_cents },
  ];
}
