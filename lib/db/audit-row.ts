import "server-only";
import { getRequestContext } from "@/lib/http/request-context";
import { neutralizeText } from "@/lib/pix/text";
import type { AuditAction } from "@/lib/audit/filters";

/**
 * What an audit entry is stored as. Apart from lib/db/audit.ts (which writes and reads the log)
 * so that a statement writing the row together with its action (lib/transfers/server/move-at-once.ts)
 * builds it the same way.
 */
export type AuditEntryInput = {
  actor?: { id: string; email: string } | null;
  action: AuditAction;
  target?: string | null;
  outcome: string;
  detail?: Record<string, unknown>;
  ip?: string | null;
};

/** Text as the audit log keeps and shows it: bidi and control characters neutralised. */
export function safeText<T extends string | null | undefined>(text: T): T {
  return (typeof text === "string" ? neutralizeText(text) : text) as T;
}

/**
 * Keeps only what JSON can hold (no BigInt, functions or cycles) and neutralises every string in
 * it, keys included: a detail with a NUL byte made the insert fail, one with bidi controls showed
 * reversed on the audit page.
 */
export function toJsonDetail(detail: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!detail) return {};
  try {
    return JSON.parse(
      JSON.stringify(detail, function (this: unknown, _k, v: unknown) {
        if (typeof v === "bigint") return v.toString();
        if (typeof v === "string") return neutralizeText(v);
        if (v && typeof v === "object" && !Array.isArray(v)) {
          return Object.fromEntries(Object.entries(v).map(([key, value]) => [neutralizeText(key), value]));
        }
        return v;
      }),
    ) as Record<string, unknown>;
  } catch {
    return { unserializable: true };
  }
}

/**
 * The row an entry is stored as: text neutralised, the detail made plain JSON, the request id
 * of the HTTP request it happens in. For a statement that writes the row with its action
 * (lib/transfers/server/move-at-once.ts); anything else calls recordAudit.
 */
export function auditRowValues(entry: AuditEntryInput) {
  return {
    actorId: entry.actor?.id ?? null,
    actorEmail: safeText(entry.actor?.email?.toLowerCase()) ?? null,
    action: safeText(entry.action),
    target: safeText(entry.target) ?? null,
    outcome: safeText(entry.outcome),
    detail: toJsonDetail(entry.detail),
    ip: safeText(entry.ip) ?? null,
    requestId: getRequestContext()?.requestId ?? null,
  };
}

