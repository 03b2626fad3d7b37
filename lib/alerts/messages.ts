import "server-only";
import type { AlertDeliveryRow } from "@/lib/db/schema";
import { resolveLocale } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/server";
import { formatBRL, formatBrazilDateTime } from "@/lib/pix";
import { isAlertRule } from "./rules";
import type { AlertFacts, AlertSubjectType } from "./types";
import { alertLine, type Words } from "./wording";

/**
 * The words of a delivery, written when it is sent from what was decided (its kind and payload)
 * in the recipient's language: an e-mail's subject and text, or the webhook's JSON body with a
 * human `text` line (Slack and Teams incoming webhooks show it as it is) and the alert's fields.
 */
export type AlertPayload = {
  alert: { id: number; rule: string; subject: { type: AlertSubjectType; id: string }; facts: AlertFacts; raised_at: string; href: string };
  app_url: string;
};

/** A notice about one transfer or batch (awaiting approval, approved, rejected, paid, canceled, batch completed). */
export type NoticePayload = {
  subject_type: "transfer" | "batch";
  subject_id: string;
  href: string;
  app_url: string;
  value_cents: number;
  receiver_name?: string;
  receiver_document?: string;
  maker_email: string;
  rows?: number;
  file_name?: string | null;
  by_email?: string | null;
  reason?: string | null;
  end_to_end?: string | null;
  at?: string | null;
  paid_rows?: number;
  not_paid_rows?: number;
};

export type NoticeKind = "awaiting_approval" | "approved" | "rejected" | "paid" | "provider_canceled" | "batch_completed";

export function renderDelivery(row: Pick<AlertDeliveryRow, "channel" | "kind" | "locale" | "payload">): { subject: string; body: string } {
  const t = translator(resolveLocale(row.locale));
  const w: Words = (key, values) => t(key as never, values as never);
  if (row.kind === "alert") {
    const p = row.payload as AlertPayload;
    const rule = isAlertRule(p.alert.rule) ? p.alert.rule : null;
    const line = rule ? alertLine(w, rule, p.alert.subject.type, p.alert.facts) : p.alert.rule;
    const link = `${p.app_url}${p.alert.href}`;
    if (row.channel === "webhook") {
      const body = { text: `${line} ${link}`, alert: { ...p.alert, url: link, state: "open" } };
      return { subject: line, body: JSON.stringify(body) };
    }
    const body = [w("alerts.mail.alert.intro"), "", line, "", w("alerts.mail.open", { link }), "", footer(w, p.app_url)].join("\n");
    return { subject: w("alerts.mail.alert.subject", { line }), body };
  }
  const p = row.payload as NoticePayload;
  const kind = row.kind as NoticeKind;
  const link = `${p.app_url}${p.href}`;
  const values: Record<string, string | number> = {
    amount: formatBRL(p.value_cents),
    receiver: p.receiver_name ?? "",
    document: p.receiver_document ?? "",
    maker: p.maker_email,
    rows: p.rows ?? 0,
    name: p.file_name ?? "",
    by: p.by_email ?? "",
    reason: p.reason ?? "—",
    end_to_end: p.end_to_end ?? "—",
    at: p.at ? formatBrazilDateTime(p.at) : "—",
    paid: p.paid_rows ?? 0,
    notPaid: p.not_paid_rows ?? 0,
  };
  const base = `alerts.mail.${kind}.${p.subject_type}`;
  const body = [w(`${base}.body`, values), "", w("alerts.mail.open", { link }), "", footer(w, p.app_url)].join("\n");
  return { subject: w(`${base}.subject`, values), body };
}

function footer(w: Words, appUrl: string): string {
  return w("alerts.mail.footer", { link: `${appUrl}/settings/notifications` });
}
