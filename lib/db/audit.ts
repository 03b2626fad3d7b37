import "server-only";
import { and, count, desc, eq, gte, ilike, lt, type SQL } from "drizzle-orm";
import type { AuditQuery } from "./audit-filters";
import { getDb, type Db } from "./index";
import { auditLog, type AuditRow } from "./schema/audit";

export type AuditAction =
  | "payment.register"
  | "payment.export"
  | "auth.sign_in"
  | "auth.sign_in_failed"
  | "auth.sign_out"
  | "user.create"
  | "user.role_change"
  | (string & {});

export type AuditEntryInput = {
  actor?: { id: string; email: string } | null;
  action: AuditAction;
  target?: string | null;
  outcome: string;
  detail?: Record<string, unknown>;
  ip?: string | null;
};

export type AuditEntry = {
  id: number;
  at: string; // ISO instant
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  target: string | null;
  outcome: string;
  detail: Record<string, unknown>;
  ip: string | null;
};

export type AuditPage = {
  entries: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
};

/** Keeps only what JSON can hold (no BigInt, functions or cycles) so the insert cannot fail on it. */
function toJsonDetail(detail: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!detail) return {};
  try {
    return JSON.parse(
      JSON.stringify(detail, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v)),
    ) as Record<string, unknown>;
  } catch {
    return { unserializable: true };
  }
}

/**
 * Appends one entry to the audit log. Never throws: a failure to record is logged and the
 * caller's action goes on (the audit log must not take the back office down with it).
 */
export async function recordAudit(entry: AuditEntryInput, db?: Db): Promise<void> {
  try {
    const store = db ?? (await getDb());
    await store.insert(auditLog).values({
      actorId: entry.actor?.id ?? null,
      actorEmail: entry.actor?.email?.toLowerCase() ?? null,
      action: entry.action,
      target: entry.target ?? null,
      outcome: entry.outcome,
      detail: toJsonDetail(entry.detail),
      ip: entry.ip ?? null,
    });
  } catch (error) {
    console.error(`[audit] could not record ${entry.action} (${entry.outcome}):`, error);
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    target: row.target,
    outcome: row.outcome,
    detail: row.detail ?? {},
    ip: row.ip,
  };
}

/** One page of the audit log, newest first, with the total count of matching entries. */
export async function listAudit(
  query: Partial<AuditQuery> & { page?: number },
  db?: Db,
): Promise<AuditPage> {
  const store = db ?? (await getDb());
  const page = Math.max(1, Math.trunc(query.page ?? 1));
  const pageSize = Math.min(200, Math.max(1, Math.trunc(query.pageSize ?? 50)));
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.outcome) conditions.push(eq(auditLog.outcome, query.outcome));
  if (query.actor) conditions.push(ilike(auditLog.actorEmail, `%${escapeLike(query.actor)}%`));
  if (query.from) conditions.push(gte(auditLog.at, query.from));
  if (query.to) conditions.push(lt(auditLog.at, query.to));
  const where = conditions.length ? and(...conditions) : undefined;

  const [rows, totals] = await Promise.all([
    store
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    store.select({ value: count() }).from(auditLog).where(where),
  ]);
  const total = Number(totals[0]?.value ?? 0);
  return {
    entries: rows.map(toEntry),
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}
