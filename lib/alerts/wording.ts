/**
 * An alert in one line of words, the same in the bell, on /alerts, in the e-mail and in the
 * webhook's `text` (client-safe: pages and the server's messages call it with their translator).
 * Amounts and dates are Brazilian whatever the language (lib/pix).
 */
import { formatBRL, formatBrazilDateTime } from "@/lib/pix";
import { formatBrazilDay } from "@/lib/pix/date-input";
import { isTransferState } from "@/lib/transfers/states";
import type { AlertRule } from "./rules";
import type { AlertFacts, AlertSubjectType } from "./types";

/** A translator over the whole message tree (next-intl's, loosened to a key string). */
export type Words = (key: string, values?: Record<string, string | number>) => string;

/** What the alert is about: a transfer's amount and receiver, or a batch's rows. Empty for the others. */
export function subjectWords(w: Words, type: AlertSubjectType, facts: AlertFacts): string {
  if (type === "transfer") return w("alerts.subject.transfer", { amount: formatBRL(facts.value_cents ?? 0), receiver: facts.receiver_name ?? "" });
  if (type === "batch") {
    return w("alerts.subject.batch", { name: facts.file_name ?? "", rows: facts.rows ?? 0, amount: formatBRL(facts.value_cents ?? 0) });
  }
  if (type === "charge") return w("alerts.subject.charge", { amount: formatBRL(facts.value_cents ?? 0), payer: facts.payer_name ?? "", reference: facts.external_reference ?? "" });
  return "";
}

/** Why a transfer needs a person, in words (a state's name from the glossary where it is a state). */
export function reasonWords(w: Words, reason: string | undefined): string {
  if (!reason) return "";
  if (isTransferState(reason)) return w(`glossary.transferState.${reason}`);
  return reason === "authorization_pending" || reason === "authorize_in_portal" ? w(`alerts.reasons.${reason}`) : reason;
}

/** The rule's detail sentence with the facts it saw. */
export function detailWords(w: Words, rule: AlertRule, facts: AlertFacts): string {
  const values: Record<string, string | number> = {
    reason: reasonWords(w, facts.reason),
    minutes: facts.minutes ?? 0,
    hours: facts.hours ?? 0,
    count: facts.count ?? 0,
    threshold: rule === "balance_low" ? formatBRL(facts.threshold ?? 0) : (facts.threshold ?? 0),
    balance: formatBRL(facts.balance_cents ?? 0),
    committed: formatBRL(facts.committed_cents ?? 0),
    expires: facts.expires_at ? formatBrazilDateTime(facts.expires_at) : "—",
    id: facts.idempotent_id ?? "",
    kind: facts.finding_kind === "missing_at_provider" || facts.finding_kind === "missed_notification" ? w(`reconciliation.kinds.${facts.finding_kind}`) : (facts.finding_kind ?? ""),
    amount: facts.value_cents !== undefined ? formatBRL(facts.value_cents) : "—",
    day: facts.day ? formatBrazilDay(facts.day) : "—",
    missing: formatBRL(facts.missing_cents ?? 0),
    last: facts.last_webhook_at ? formatBrazilDateTime(facts.last_webhook_at) : w("alerts.never"),
    url: facts.endpoint_url ?? "",
  };
  return w(`alerts.rules.${rule}.detail`, values);
}

/** "Transferência não paga · R$ 2.500,00 para Maria · Cancelada pelo provedor". */
export function alertLine(w: Words, rule: AlertRule, type: AlertSubjectType, facts: AlertFacts): string {
  return [w(`alerts.rules.${rule}.title`), subjectWords(w, type, facts), detailWords(w, rule, facts)].filter(Boolean).join(" · ");
}

/** Where a person looks at what the alert is about. */
export function alertHref(type: AlertSubjectType, id: string): string {
  switch (type) {
    case "transfer":
      return `/transfers/${encodeURIComponent(id)}`;
    case "batch":
      return `/batches/${encodeURIComponent(id)}`;
    case "finding":
      return "/reconciliation";
    case "webhooks":
      return "/events";
    case "transfers":
      return "/transfers?view=notPaid";
    case "cash":
      return `/cash?day=${encodeURIComponent(id)}`;
    case "charge":
      return `/charges/${encodeURIComponent(id)}`;
    case "charges":
      return "/charges";
    case "webhook_endpoint":
      return "/settings/webhooks";
    default:
      return "/";
  }
}
