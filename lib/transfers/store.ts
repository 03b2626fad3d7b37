import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { RegisterTransfer } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { approvals, transferEvents, transferRequests, type TransferRequestRow } from "@/lib/db/schema";
import { MAX_STORE_PAGE_SIZE, TRANSFERS_PAGE_SIZE } from "@/lib/domain/pages";
import { bodyHash, canonicalBody } from "./body";
import { TransferError } from "./errors";
import { asTransferOutcome } from "./outcome";
import { isTransferState, type TransferState } from "./states";
import { announce } from "./transition";
import type { Person, TransferDetail, TransferEvent, TransferListMeta, TransferRequest } from "./types";

type NewTransfer = {
  transfer: RegisterTransfer;
  maker: Person;
  ip?: string | null;
  /** Distinct approvals the policy asks for (0: approved at once). */
  approvalsRequired: number;
  /** When an `awaiting_approval` request expires. */
  expiresAt?: Date | null;
  batch?: { id: string; line: number };
};

/**
 * Writes a transfer request and its audit row in ONE transaction, before anything is sent: if
 * the audit row cannot be written, there is no request and nothing will ever be sent.
 * The idempotent_id is UNIQUE: a repeat with the same transfer returns the existing request
 * (`created: false`), a repeat with another transfer is refused (conflict_body).
 */
export async function createTransferRequest(db: Db, input: NewTransfer): Promise<{ transfer: TransferRequestRow; created: boolean }> {
  const { transfer, maker } = input;
  const hash = bodyHash(transfer);
  const state: TransferState = input.approvalsRequired > 0 ? "awaiting_approval" : "approved";
  const created = await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .insert(transferRequests)
      .values({
        id: randomUUID(),
        idempotentId: transfer.idempotent_id,
        body: canonicalBody(transfer),
        bodyHash: hash,
        valueCents: transfer.value_cents,
        receiverName: transfer.receiver_name,
        receiverDocument: transfer.receiver_document,
        makerId: maker.id,
        makerEmail: maker.email,
        state,
        approvalsRequired: input.approvalsRequired,
        expiresAt: state === "awaiting_approval" ? (input.expiresAt ?? null) : null,
        batchId: input.batch?.id ?? null,
        batchLine: input.batch?.line ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: transferRequests.idempotentId })
      .returning();
    if (!row) return null;
    await tx.insert(transferEvents).values({
      transferId: row.id,
      at: now,
      fromState: null,
      toState: state,
      actorId: maker.id,
      actorEmail: maker.email,
      note: input.batch ? { key: "transfers.notes.fromBatch", values: { line: input.batch.line } } : null,
    });
    // Batch rows are audited once, as the batch's submission.
    if (!input.batch) {
      await recordAudit(
        {
          actor: maker,
          action: "transfer.create",
          target: transfer.idempotent_id,
          outcome: state,
          detail: { transfer_id: row.id, ...canonicalBody(transfer), approvals_required: input.approvalsRequired },
          ip: input.ip ?? null,
        },
        tx as unknown as Db,
      );
    }
    await announce(tx, row);
    return row;
  });
  if (created) return { transfer: created, created: true };
  const existing = await findByIdempotentId(db, transfer.idempotent_id);
  if (!existing) throw new Error(`transfer request ${transfer.idempotent_id} conflicted but cannot be read`);
  if (existing.bodyHash !== hash) {
    throw new TransferError("conflict_body", "transfers.errors.idTaken", { idempotent_id: transfer.idempotent_id });
  }
  return { transfer: existing, created: false };
}

async function findByIdempotentId(db: Db, idempotentId: string): Promise<TransferRequestRow | null> {
  const rows = await db.select().from(transferRequests).where(eq(transferRequests.idempotentId, idempotentId)).limit(1);
  return rows[0] ?? null;
}

export async function getTransferRow(db: Db, id: string): Promise<TransferRequestRow | null> {
  const rows = await db.select().from(transferRequests).where(eq(transferRequests.id, id)).limit(1);
  return rows[0] ?? null;
}

/** One request with its approvals and its timeline, or null. */
export async function getTransfer(db: Db, id: string): Promise<TransferDetail | null> {
  const row = await getTransferRow(db, id);
  if (!row) return null;
  const [approvedBy, events] = await Promise.all([
    approvalsOf(db, [row.id]),
    db.select().from(transferEvents).where(eq(transferEvents.transferId, row.id)).orderBy(asc(transferEvents.id)),
  ]);
  const history: TransferEvent[] = events.map((e) => ({
    at: e.at.toISOString(),
    from_state: isTransferState(e.fromState) ? e.fromState : null,
    to_state: isTransferState(e.toState) ? e.toState : "approved",
    actor: e.actorId && e.actorEmail ? { id: e.actorId, email: e.actorEmail } : null,
    note: (e.note as TransferEvent["note"]) ?? null,
    outcome: asTransferOutcome(e.outcome),
  }));
  return { ...toTransfer(row, approvedBy.get(row.id) ?? []), history };
}

export type TransferListQuery = {
  state?: TransferState | TransferState[];
  page?: number;
  pageSize?: number;
  batchId?: string;
  /** Only what waits for this person's decision (not theirs, not yet approved by them, not part of a batch). */
  inboxOf?: string;
};

/** A page of requests, newest first. */
export async function listTransfers(db: Db, q: TransferListQuery): Promise<{ transfers: TransferRequest[]; meta: TransferListMeta }> {
  const page = Math.max(1, q.page ?? 1);
  const pageSize = Math.min(MAX_STORE_PAGE_SIZE, Math.max(1, q.pageSize ?? TRANSFERS_PAGE_SIZE));
  const conditions: SQL[] = [];
  if (q.state) conditions.push(Array.isArray(q.state) ? inArray(transferRequests.state, q.state) : eq(transferRequests.state, q.state));
  if (q.batchId) conditions.push(eq(transferRequests.batchId, q.batchId));
  if (q.inboxOf) conditions.push(...inboxConditions(q.inboxOf));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(transferRequests)
      .where(where)
      .orderBy(desc(transferRequests.createdAt), desc(transferRequests.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(transferRequests).where(where),
  ]);
  const approvedBy = await approvalsOf(db, rows.map((r) => r.id));
  const total = Number(totals[0]?.n ?? 0);
  return {
    transfers: rows.map((r) => toTransfer(r, approvedBy.get(r.id) ?? [])),
    meta: { page, page_size: pageSize, total, total_pages: Math.max(1, Math.ceil(total / pageSize)) },
  };
}

function inboxConditions(userId: string): SQL[] {
  const t = transferRequests;
  return [
    eq(t.state, "awaiting_approval"),
    ne(t.makerId, userId),
    isNull(t.batchId),
    sql`not exists (select 1 from ${approvals} a where a.transfer_id = ${t.id} and a.approver_id = ${userId})`,
  ];
}

/** How many requests wait for this person's decision (the header badge). */
export async function inboxCount(db: Db, userId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(transferRequests).where(and(...inboxConditions(userId)));
  return Number(rows[0]?.n ?? 0);
}

async function approvalsOf(db: Db, ids: string[]): Promise<Map<string, TransferRequest["approvals"]>> {
  const byTransfer = new Map<string, TransferRequest["approvals"]>();
  if (!ids.length) return byTransfer;
  const rows = await db.select().from(approvals).where(inArray(approvals.transferId, ids)).orderBy(asc(approvals.id));
  for (const a of rows) {
    if (!a.transferId) continue;
    const list = byTransfer.get(a.transferId) ?? [];
    list.push({ approver: { id: a.approverId, email: a.approverEmail }, at: a.at.toISOString() });
    byTransfer.set(a.transferId, list);
  }
  return byTransfer;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);

/** A stored row -> the API's shape. */
export function toTransfer(row: TransferRequestRow, approvedBy: TransferRequest["approvals"] = []): TransferRequest {
  const body = row.body;
  const manual = body.initiation_type === "manual";
  return {
    id: row.id,
    idempotent_id: row.idempotentId,
    state: isTransferState(row.state) ? row.state : "failed",
    value_cents: row.valueCents,
    receiver_name: row.receiverName,
    receiver_document: row.receiverDocument,
    initiation_type: manual ? "manual" : "dict",
    pix_key_type: manual ? null : ((text(body.pix_key_type) as TransferRequest["pix_key_type"]) ?? null),
    pix_key: manual ? null : text(body.pix_key),
    bank: manual
      ? {
          ispb: String(body.receiver_bank_ispb ?? ""),
          agency: String(body.receiver_agency ?? ""),
          account: String(body.receiver_account ?? ""),
          account_type: String(body.receiver_account_type ?? "CACC") as NonNullable<TransferRequest["bank"]>["account_type"],
        }
      : null,
    authorized: body.authorized === true || row.approvalsRequired > 0,
    maker: { id: row.makerId, email: row.makerEmail },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    submitted_at: iso(row.submittedAt),
    settled_at: iso(row.settledAt),
    attempts: row.attempts,
    next_attempt_at: iso(row.nextAttemptAt),
    outcome: asTransferOutcome(row.outcome),
    reference_code: row.referenceCode,
    provider_status: row.providerStatus,
    approvals_required: row.approvalsRequired,
    approvals: approvedBy,
    expires_at: iso(row.expiresAt),
    decision_reason: row.decisionReason,
    batch_id: row.batchId,
    batch_line: row.batchLine,
  };
}
