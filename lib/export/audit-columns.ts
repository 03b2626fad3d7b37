import type { AuditEntry } from "@/lib/db/audit";
import type { Translator } from "@/lib/i18n/server";
import type { ExportColumn } from "./columns";
import { brazilTimeHeader } from "./payments-columns";

type Key = Parameters<Translator>[0];

/** A message when the language has one, else the code itself (an action added by a later feature). */
function wordFor(t: Translator, key: string, code: string): string {
  return t.has(key as Key) ? t(key as Key) : code;
}

/** "rows: 250; filters: {"status":"completed"}": the entry's detail on one line. */
function detailText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .filter(([, v]) => v !== undefined && v !== null && v !== "")
    .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join("; ");
}

/**
 * The audit log file. Actions and outcomes read in the caller's words where the audit
 * messages name them (`audit.actions.<action>`, `audit.outcomes.<outcome>`), as codes otherwise.
 */
export function auditExportColumns(t: Translator): ExportColumn<AuditEntry>[] {
  const h = (key: "at" | "actor" | "action" | "outcome" | "target" | "ip" | "detail") => t(`exports.auditColumns.${key}`);
  return [
    { key: "at", header: brazilTimeHeader(t, h("at")), type: "datetime", width: 20, value: (e) => new Date(e.at) },
    { key: "actor", header: h("actor"), type: "text", width: 30, value: (e) => e.actorEmail },
    { key: "action", header: h("action"), type: "text", width: 28, value: (e) => wordFor(t, `audit.actions.${e.action}`, e.action) },
    { key: "outcome", header: h("outcome"), type: "text", width: 18, value: (e) => wordFor(t, `audit.outcomes.${e.outcome}`, e.outcome) },
    { key: "target", header: h("target"), type: "text", width: 36, value: (e) => e.target },
    { key: "ip", header: h("ip"), type: "text", width: 16, value: (e) => e.ip },
    { key: "detail", header: h("detail"), type: "text", width: 60, value: (e) => detailText(e.detail) },
  ];
}
