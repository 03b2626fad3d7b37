import type { AuditEntry } from "@/lib/db/audit";
import { formatBrazilDateTime } from "@/lib/pix/time";
import { actionLabel, detailItems, outcomeLabel, outcomeTone, systemActorLabel, type AuditDetailItem, type AuditTranslator } from "./audit-format";

/**
 * An audit entry as its row reads, worded on the server (the wording reads many namespaces,
 * which need not travel to the browser): the table's columns only lay these out.
 */
export type AuditRow = {
  id: number;
  at: string;
  atText: string;
  /** The person who did it, or null for the part of the back office that acted (`system`). */
  actorEmail: string | null;
  system: string;
  action: string;
  actionText: string;
  target: string | null;
  outcome: string;
  outcomeText: string;
  tone: "good" | "bad";
  items: AuditDetailItem[];
};

export function auditRows(entries: readonly AuditEntry[], t: AuditTranslator): AuditRow[] {
  return entries.map((entry) => {
    const items = detailItems(entry.detail, t);
    if (entry.ip) items.push({ key: "ip", label: t("exports.auditColumns.ip"), value: entry.ip, full: entry.ip });
    return {
      id: entry.id,
      at: entry.at,
      atText: formatBrazilDateTime(entry.at),
      actorEmail: entry.actorEmail,
      system: entry.actorEmail ? "" : systemActorLabel(entry.action, entry.detail, t),
      action: entry.action,
      actionText: actionLabel(entry.action, t),
      target: entry.target,
      outcome: entry.outcome,
      outcomeText: outcomeLabel(entry.outcome, t),
      tone: outcomeTone(entry.outcome),
      items,
    };
  });
}
