import type { PaymentListItem } from "@/lib/contract/payment";
import type { Translator } from "@/lib/i18n/server";
import { bankLabel, formatAccount, formatAgency } from "@/lib/pix/bank";
import { formatDocument } from "@/lib/pix/document";
import { formatPhone } from "@/lib/pix/phone";
import { parseProviderDateTime } from "@/lib/pix/time";
import type { ExportColumn } from "./columns";

type Key = Parameters<Translator>[0];

/** A glossary word for a wire value (a status, a key type); the value itself when there is none. */
function glossaryLabel(t: Translator, group: "paymentStatus" | "keyTypes", value: string): string {
  const key = `glossary.${group}.${value}` as Key;
  return t.has(key) ? t(key) : value;
}

const instant = (text: string | null) => (text ? parseProviderDateTime(text) : null);

/** A Pix key as the screens show it: CPF/CNPJ punctuated, a phone grouped, others as they are. */
function displayPixKey(type: string, key: string): string {
  if (type === "cpf" || type === "cnpj") return formatDocument(key);
  if (type === "phone") return formatPhone(key);
  return key;
}

/** A date column's header says its zone: a spreadsheet has none, and the file leaves the app. */
export function brazilTimeHeader(t: Translator, header: string): string {
  return `${header} (${t("common.brazilTime")})`;
}

/** A payment of the list, and when this back office sent it by bank account, that account. */
export type PaymentExportRow = PaymentListItem & { bank?: { ispb: string; agency: string; account: string; accountType: string } | null };

/**
 * The payments file: what finance staff read first (when, status, amount, who), then the ids
 * support looks up. Headers are the glossary's business words in the caller's language.
 */
export function paymentExportColumns(t: Translator): ExportColumn<PaymentExportRow>[] {
  const g = (key: "registrationDate" | "status" | "amount" | "receiverName" | "receiverDocument" | "pixKeyType" | "pixKey" | "idempotentId" | "referenceCode" | "endToEnd" | "paymentDate" | "cancellationDate" | "cancellationReason") =>
    t(`glossary.${key}`);
  return [
    { key: "registration_date", header: brazilTimeHeader(t, g("registrationDate")), type: "datetime", width: 20, value: (p) => instant(p.registration_date) },
    { key: "status", header: g("status"), type: "text", width: 22, value: (p) => glossaryLabel(t, "paymentStatus", p.status) },
    { key: "value", header: g("amount"), type: "money", width: 16, value: (p) => p.value_cents },
    { key: "receiver_name", header: g("receiverName"), type: "text", width: 32, value: (p) => p.receiver_name },
    { key: "receiver_document", header: g("receiverDocument"), type: "text", width: 21, value: (p) => formatDocument(p.receiver_document) },
    { key: "pix_key_type", header: g("pixKeyType"), type: "text", width: 16, value: (p) => (p.bank ? null : glossaryLabel(t, "keyTypes", p.pix_key_type)) },
    { key: "pix_key", header: g("pixKey"), type: "text", width: 36, value: (p) => (p.bank || !p.pix_key ? null : displayPixKey(p.pix_key_type, p.pix_key)) },
    { key: "bank", header: t("glossary.bank"), type: "text", width: 30, value: (p) => (p.bank ? bankLabel(p.bank.ispb) : null) },
    { key: "agency", header: t("glossary.agency"), type: "text", width: 10, value: (p) => formatAgency(p.bank?.agency) },
    { key: "account", header: t("glossary.account"), type: "text", width: 16, value: (p) => formatAccount(p.bank?.account) },
    { key: "idempotent_id", header: g("idempotentId"), type: "text", width: 38, value: (p) => p.idempotent_id },
    { key: "reference_code", header: g("referenceCode"), type: "text", width: 34, value: (p) => p.reference_code },
    { key: "end_to_end", header: g("endToEnd"), type: "text", width: 34, value: (p) => p.end_to_end },
    { key: "payment_date", header: brazilTimeHeader(t, g("paymentDate")), type: "datetime", width: 20, value: (p) => instant(p.payment_date) },
    { key: "cancellation_date", header: brazilTimeHeader(t, g("cancellationDate")), type: "datetime", width: 20, value: (p) => instant(p.cancellation_date) },
    { key: "cancellation_reason", header: g("cancellationReason"), type: "text", width: 40, value: (p) => p.cancellation_reason },
  ];
}
