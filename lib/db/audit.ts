import "server-only";
import { and, desc, eq, gte, ilike, lt, type SQL } from "drizzle-orm";
import type { AuditQuery } from "@/lib/audit/filters";
import { AUDIT_PAGE_SIZE, MAX_STORE_PAGE_SIZE } from "@/lib/domain/pages";
import { getDb, type Db, type Tx } from "./index";
import { auditTotal } from "./audit-totals";
import { afterCursor, encodeCursor, microsOf } from "./keyset";
import { escapeLike } from "./like";
import { auditRowValues, safeText, toJsonDetail, type AuditEntryInput } from "./audit-row";
import { auditLog, type AuditRow } from "./schema/audit";
import { logLine } from "@/lib/http/logger";

export type { AuditAction } from "@/lib/audit/filters";

export type { AuditEntryInput } from "./audit-row";

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
  /** The request that did it (its x-request-id: the server's log line, the provider call); null for the CLI and jobs. */
  requestId: string | null;
};

export type AuditPage = {
  entries: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  /** The page after this one (lib/db/keyset.ts); null on the last page. */
  nextCursor: string | null;
};

/**
 * The audit row of an action could not be written, so the action must not happen: callers let it
 * propagate (in a transaction: the action rolls back with it) and the API answers 503 with
 * errors.auditUnavailable.
 */
export class AuditUnavailableError extends Error {
  readonly action: string;
  constructor(action: string, options?: { cause?: unknown }) {
    super(`The audit log could not record ${action}`, options);
    this.name = "AuditUnavailableError";
    this.action = action;
  }
}

export function isAuditUnavailableError(error: unknown): error is AuditUnavailableError {
  return error instanceof AuditUnavailableError || (error instanceof Error && error.name === "AuditUnavailableError");
}

/**
 * Appends one entry to the audit log, or throws AuditUnavailableError: an action that must be
 * audited does not happen without its row. `tx` is the caller's: the transaction that writes the
 * action, so both are written together or neither is (or, for a row that is the only write, such
 * as an export's, the store the caller works on). There is no default: a forgotten transaction
 * would write the row on its own. Inside an HTTP request the row carries its request id, the one
 * in the request's log line and sent to the provider.
 */
export async function recordAudit(entry: AuditEntryInput, tx: Tx): Promise<void> {
  try {
    await tx.insert(auditLog).values(auditRowValues(entry));
  } catch (error) {
    logLine("error", `audit: could not record ${entry.action} (${entry.outcome})`, { error });
    throw new AuditUnavailableError(entry.action, { cause: error });
  }
}

/** Rows written before the rule existed are neutralised as they are read. */
function toEntry(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorEmail: safeText(row.actorEmail),
    action: safeText(row.action),
    target: safeText(row.target),
    outcome: safeText(row.outcome),
    detail: toJsonDetail(row.detail ?? {}),
    ip: row.ip,
    requestId: row.requestId ?? null,
  };
}

/**
 * One page of the audit log, newest first, with the total count of matching entries (from
 * audit_totals when the filters allow: ./audit-totals.ts). A cursor seeks the (at, id) index
 * instead of skipping OFFSET rows.
 */
export async function listAudit(
  query: Partial<AuditQuery> & { page?: number },
  db?: Db,
): Promise<AuditPage> {
  const store = db ?? (await getDb());
  const page = query.cursor ? 1 : Math.max(1, Math.trunc(query.page ?? 1));
  const pageSize = Math.min(MAX_STORE_PAGE_SIZE, Math.max(1, Math.trunc(query.pageSize ?? AUDIT_PAGE_SIZE)));
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.outcome) conditions.push(eq(auditLog.outcome, query.outcome));
  if (query.actor) conditions.push(ilike(auditLog.actorEmail, `%${escapeLike(query.actor)}%`));
  if (query.from) conditions.push(gte(auditLog.at, query.from));
  if (query.to) conditions.push(lt(auditLog.at, query.to));
  const where = conditions.length ? and(...conditions) : undefined;

  const [found, total] = await Promise.all([
    store
      .select({ row: auditLog, micros: microsOf(auditLog.at) })
      .from(auditLog)
      .where(query.cursor ? and(where, afterCursor(auditLog.at, auditLog.id, query.cursor, "bigint")) : where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    auditTotal(store, query, where),
  ]);
  const last = found.at(-1);
  return {
    entries: found.map((f) => toEntry(f.row)),
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    nextCursor: last && found.length === pageSize ? encodeCursor({ micros: last.micros, id: String(last.row.id) }) : null,
  };
}
