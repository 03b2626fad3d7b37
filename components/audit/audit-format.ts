import type { useTranslations } from "next-intl";
import { isPaymentStatus } from "@/components/payments/status-badge";
import { isGlossaryAccountType } from "@/components/payment-detail/labels";
import { listParamLabel } from "@/components/data-table/param-label";
import { isRole } from "@/lib/auth/roles";
import { formatDocument } from "@/lib/pix/document";
import { formatBRL } from "@/lib/pix/money";
import { formatBrazilDateTime } from "@/lib/pix/time";
import { asTransferOutcome } from "@/lib/transfers/outcome";
import { outcomeText } from "@/lib/transfers/outcome-text";
import { isTransferState } from "@/lib/transfers/states";

/**
 * How audit entries read, in the reader's language: actions, outcomes and detail fields in the
 * UI's words (the glossary's business words where there is one), values as the UI shows them
 * (BRL, Brazil time, CPF/CNPJ, statuses). Pure: the page and the audit export (server, with
 * `translator(locale)`) word entries the same way. A code with no words yet is shown as it is.
 */
export type AuditTranslator = ReturnType<typeof useTranslations<never>>;
type Key = Parameters<AuditTranslator>[0];

/** A message by a key built at run time, or undefined when there is none. */
function maybe(t: AuditTranslator, key: string, values?: Record<string, string | number>): string | undefined {
  return t.has(key as Key) ? t(key as Key, values) : undefined;
}

/** An action's words (`t` is optional only while callers move over: without it, the recorded code). */
export function actionLabel(action: string, t?: AuditTranslator): string {
  return (t && maybe(t, `audit.actions.${action}`)) ?? action;
}

export function outcomeLabel(outcome: string, t: AuditTranslator): string {
  const http = /^error_(\d{3})$/.exec(outcome);
  if (http) return t("audit.outcomes.httpError", { status: http[1]! });
  if (/^\w+$/.test(outcome)) {
    return maybe(t, `audit.outcomes.${outcome}`) ?? maybe(t, `glossary.transferState.${outcome}`) ?? outcome;
  }
  return outcome;
}

/** Outcomes that mean it went through, so they read as calm rather than alarming. */
const GOOD_OUTCOMES = new Set(["success", "exported", "registered", "created", "approved", "saved", "awaiting_approval"]);

export function outcomeTone(outcome: string): "good" | "bad" {
  return GOOD_OUTCOMES.has(outcome) ? "good" : "bad";
}

/** Detail fields named by the glossary (business words), by their key in the entry. */
const GLOSSARY_FIELDS: Record<string, Key> = {
  idempotent_id: "glossary.idempotentId",
  end_to_end: "glossary.endToEnd",
  reference_code: "glossary.referenceCode",
  value_cents: "glossary.amount",
  pix_key: "glossary.pixKey",
  pix_key_type: "glossary.pixKeyType",
  receiver_name: "glossary.receiverName",
  receiver_document: "glossary.receiverDocument",
  receiver_bank_ispb: "glossary.ispb",
  receiver_agency: "glossary.agency",
  receiver_account: "glossary.account",
  receiver_account_type: "glossary.accountType",
  initiation_type: "glossary.initiationType",
  authorized: "glossary.authorized",
  status: "glossary.status",
  registration_date: "glossary.registrationDate",
  payment_date: "glossary.paymentDate",
};

/** Keys that share another key's words. */
const SAME_AS: Record<string, string> = { required: "approvals_required" };

function detailLabel(key: string, t: AuditTranslator): string {
  const glossary = GLOSSARY_FIELDS[key];
  if (glossary) return t(glossary);
  return maybe(t, `audit.detail.${SAME_AS[key] ?? key}`) ?? key;
}

function isDateTime(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value);
}

/** One value as the UI shows it. */
function detailValue(key: string, value: unknown, t: AuditTranslator): string {
  if (typeof value === "boolean") return t(value ? "common.yes" : "common.no");
  if (typeof value === "number") {
    if (key.endsWith("_cents") && Number.isSafeInteger(value)) return formatBRL(value);
    return value.toLocaleString("pt-BR");
  }
  if (typeof value === "string") {
    if (key === "initiation_type" && (value === "dict" || value === "manual")) return t(`glossary.initiation.${value}`);
    if (key === "pix_key_type") return maybe(t, `glossary.keyTypes.${value}`) ?? value;
    if (key === "method" && /^\w+$/.test(value)) return maybe(t, `audit.methods.${value}`) ?? value;
    if (key.endsWith("account_type") && isGlossaryAccountType(value)) return t(`glossary.accountTypes.${value}`);
    if ((key === "status" || key.endsWith("_status")) && isPaymentStatus(value)) return t(`glossary.paymentStatus.${value}`);
    if ((key === "role" || key === "from" || key === "to") && isRole(value)) return t(`glossary.roles.${value}`);
    if (key.endsWith("_document")) return formatDocument(value);
    if (key.endsWith("_date") || key.endsWith("_since") || key.endsWith("_at")) return isDateTime(value) ? formatBrazilDateTime(value) : value;
    return value;
  }
  if (key === "outcome" && value && typeof value === "object" && asTransferOutcome(value)) {
    return outcomeText(t as unknown as Parameters<typeof outcomeText>[0], asTransferOutcome(value)!);
  }
  if (Array.isArray(value)) return value.map((v) => detailValue(key, v, t)).join(", ");
  if (key === "filters" && value && typeof value === "object" && !Array.isArray(value)) {
    // An export's list query: the table's own words for each filter.
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== null && v !== "")
      .map(([k, v]) => `${listParamLabel(k, t)}: ${typeof v === "string" && isDateTime(v) ? formatBrazilDateTime(v) : detailValue(k, v, t)}`)
      .join("; ");
  }
  if (value && typeof value === "object") {
    // A nested record (rows by state, an approval's reckoning): its parts in words, never JSON.
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== null && v !== "")
      .map(([k, v]) => `${isTransferState(k) ? t(`glossary.transferState.${k}`) : detailLabel(k, t)}: ${detailValue(k, v, t)}`)
      .join("; ");
  }
  return String(value);
}

/**
 * Who did it, for an entry without a person: the part of the back office that acted (the
 * submission queue, the reconciler, a provider notification, the alerts), never "no session".
 */
export function systemActorLabel(action: string, detail: Record<string, unknown>, t: AuditTranslator): string {
  const source = typeof detail.source === "string" ? detail.source : null;
  const part =
    source === "webhook" || source === "reconciler" || source === "engine"
      ? source
      : action === "transfer.submit"
        ? "engine"
        : action.endsWith(".expire") || action === "batch.state_change" || action === "reconciliation.resolve"
          ? "reconciler"
          : action.startsWith("alert.")
            ? "alerts"
            : action.startsWith("auth.")
              ? "signIn"
              : "other";
  return t(`audit.system.${part}` as Key);
}

/** `value` is shortened for the table; `full` is the whole value (for a title). */
export type AuditDetailItem = { key: string; label: string; value: string; full: string };

/** An entry's detail as labelled values, long values shortened for the table; empty ones left out. */
export function detailItems(detail: Record<string, unknown>, t: AuditTranslator, maxValue = 80): AuditDetailItem[] {
  return Object.entries(detail)
    .filter(([, v]) => v !== undefined && v !== null && v !== "")
    .map(([key, v]) => {
      const text = detailValue(key, v, t);
      return { key, label: detailLabel(key, t), value: text.length > maxValue ? `${text.slice(0, maxValue - 1)}…` : text, full: text };
    });
}
