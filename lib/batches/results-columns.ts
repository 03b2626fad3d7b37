import type { ExportColumn } from "@/lib/export/columns";
import type { Translator } from "@/lib/i18n/server";
import { formatDocument } from "@/lib/pix";
import { outcomeText } from "@/lib/transfers/outcome-text";
import type { BatchRowView } from "./types";

type Translate = Parameters<typeof outcomeText>[0];

/** The results file of a batch: each row with where it stands, its reference code and its outcome, in the reader's words. */
export function batchResultsColumns(t: Translator): ExportColumn<BatchRowView>[] {
  const any = t as unknown as Translate;
  const h = (key: string) => any(`batches.results.columns.${key}`);
  const state = (row: BatchRowView) =>
    row.state === "valid" || row.state === "invalid" ? any(`batches.rowStates.${row.state}`) : any(`glossary.transferState.${row.state}`);
  const destination = (row: BatchRowView) =>
    row.bank
      ? `${row.bank.ispb} ${row.bank.agency} ${row.bank.account}`
      : row.pix_key_type
        ? `${any.has(`glossary.keyTypes.${row.pix_key_type}`) ? any(`glossary.keyTypes.${row.pix_key_type}`) : row.pix_key_type}: ${row.pix_key ?? ""}`
        : "";
  const detail = (row: BatchRowView) =>
    row.outcome
      ? outcomeText(any, row.outcome)
      : (row.errors ?? []).map((e) => (any.has(e.message) ? any(e.message, e.values) : e.message)).join("; ");
  const providerStatus = (row: BatchRowView) =>
    row.provider_status ? (any.has(`glossary.paymentStatus.${row.provider_status}`) ? any(`glossary.paymentStatus.${row.provider_status}`) : row.provider_status) : null;
  return [
    { key: "line", header: h("line"), type: "integer", width: 8, value: (r) => r.line },
    { key: "idempotent_id", header: any("glossary.idempotentId"), type: "text", width: 40, value: (r) => r.idempotent_id },
    { key: "amount", header: any("glossary.amount"), type: "money", width: 16, value: (r) => r.value_cents },
    { key: "receiver", header: any("glossary.receiverName"), type: "text", width: 32, value: (r) => r.receiver_name },
    { key: "document", header: any("glossary.receiverDocument"), type: "text", width: 20, value: (r) => (r.receiver_document ? formatDocument(r.receiver_document) : null) },
    { key: "destination", header: h("destination"), type: "text", width: 36, value: destination },
    { key: "description", header: any("glossary.description"), type: "text", width: 40, value: (r) => r.description ?? null },
    {
      key: "cost_centre",
      header: any("glossary.costCentre"),
      type: "text",
      width: 28,
      value: (r) => (r.cost_centre ? (r.cost_centre_name ? `${r.cost_centre} - ${r.cost_centre_name}` : r.cost_centre) : null),
    },
    { key: "state", header: h("state"), type: "text", width: 24, value: state },
    { key: "provider_status", header: h("providerStatus"), type: "text", width: 22, value: providerStatus },
    { key: "end_to_end", header: any("glossary.endToEnd"), type: "text", width: 36, value: (r) => r.end_to_end },
    { key: "payment_date", header: any("glossary.paymentDate"), type: "datetime", width: 20, value: (r) => (r.payment_date ? new Date(r.payment_date) : null) },
    { key: "cancellation_reason", header: any("glossary.cancellationReason"), type: "text", width: 40, value: (r) => r.cancellation_reason },
    { key: "reference_code", header: any("glossary.referenceCode"), type: "text", width: 36, value: (r) => r.reference_code },
    { key: "outcome", header: h("outcome"), type: "text", width: 70, value: detail },
  ];
}
