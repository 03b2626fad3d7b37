import "server-only";
import { and, asc, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { approvals, batchRows, batches, costCentres, transferRequests, type BatchRow, type TransferRequestRow } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { attentionCondition } from "@/lib/transfers/server/attention";
import { batchInboxConditions } from "@/lib/transfers/server/store";
import { BATCHES_PAGE_SIZE } from "@/lib/domain/pages";
import { asTransferOutcome } from "@/lib/transfers/outcome";
import { isFinal, isTransferState, NOT_PAID_STATES, type TransferState } from "@/lib/transfers/states";
import type { ErrorsFileRow } from "./errors-file";
import { toPreviewRow } from "./preview-row";
import type { Batch, BatchDetail, BatchOutcome, BatchReview, BatchRowState, BatchRowView, BatchState } from "./types";
import type { BatchCostCentre, ValidatedBatchRow } from "./validate";

/** A new draft batch and its rows, in the caller's transaction (lib/batches/upload.ts decides and audits). */
export async function insertDraft(tx: Tx, head: typeof batches.$inferInsert, rows: readonly ValidatedBatchRow[]): Promise<void> {
  await tx.insert(batches).values(head);
  for (let i = 0; i < rows.length; i += 500) {
    await tx.insert(batchRows).values(rows.slice(i, i + 500).map((row) => toStoredRow(head.id, row)));
  }
}

/** The earliest batch made from a file with these bytes (its SHA-256), if any. */
export async function batchWithFile(db: Db, sha256: string): Promise<string | null> {
  const [earlier] = await db.select({ id: batches.id }).from(batches).where(eq(batches.fileSha256, sha256)).orderBy(asc(batches.createdAt)).limit(1);
  return earlier?.id ?? null;
}

/** Ids the store already holds as transfer requests (a row with one of them would never be paid). */
export async function usedIds(db: Db, ids: string[]): Promise<Set<string>> {
  const used = new Set<string>();
  for (let i = 0; i < ids.length; i += 1_000) {
    const rows = await db
      .select({ id: transferRequests.idempotentId })
      .from(transferRequests)
      .where(inArray(transferRequests.idempotentId, ids.slice(i, i + 1_000)));
    for (const r of rows) used.add(r.id);
  }
  return used;
}

function toStoredRow(batchId: string, row: ValidatedBatchRow): typeof batchRows.$inferInsert {
  return {
    batchId,
    line: row.line,
    cells: row.cells as Record<string, string>,
    body: row.state === "valid" ? (row.transfer as unknown as Record<string, unknown>) : null,
    idempotentId: row.idempotent_id,
    valueCents: row.value_cents,
    errors: row.state === "invalid" ? (row.errors as unknown as Array<Record<string, unknown>>) : null,
    description: row.state === "valid" ? row.payable.description : null,
    costCentreId: row.state === "valid" ? row.payable.costCentreId : null,
    receiverId: row.state === "valid" ? row.payable.receiverId : null,
  };
}

/** The cost centres with these codes, by code. */
export async function costCentresByCode(db: Db, codes: string[]): Promise<Map<string, BatchCostCentre>> {
  const rows = await db.select({ id: costCentres.id, code: costCentres.code, active: costCentres.active }).from(costCentres).where(inArray(costCentres.code, codes));
  return new Map(rows.map((r) => [r.code, r]));
}

/** A batch with its approvals and how its rows stand (a read: nothing is written here). */
export async function getBatchSummary(db: Db, id: string): Promise<Batch | null> {
  const [row] = await db.select().from(batches).where(eq(batches.id, id)).limit(1);
  if (!row) return null;
  const [progress, approvedBy] = await Promise.all([progressOf(db, [row.id]), batchApprovals(db, id)]);
  return toBatch(row, progress.get(row.id) ?? emptyProgress(), approvedBy);
}

export async function getBatch(db: Db, id: string): Promise<BatchDetail | null> {
  const batch = await getBatchSummary(db, id);
  if (!batch) return null;
  const rows = await db
    .select({ row: batchRows, transfer: transferRequests, centre: costCentres.name })
    .from(batchRows)
    .leftJoin(transferRequests, eq(transferRequests.id, batchRows.transferId))
    .leftJoin(costCentres, eq(costCentres.id, batchRows.costCentreId))
    .where(eq(batchRows.batchId, id))
    .orderBy(asc(batchRows.line));
  const views = rows.map((r) => toRowView(r.row, r.transfer, r.centre));
  return { batch, rows: views, review: await reviewOf(db, id, views) };
}

/** The people who approved a batch: the approvals of its rows, one line per person (first approval). */
async function batchApprovals(db: Db, id: string): Promise<Batch["approvals"]> {
  const rows = await db
    .select({ id: approvals.approverId, email: approvals.approverEmail, at: sql<Date>`min(${approvals.at})` })
    .from(approvals)
    .innerJoin(transferRequests, eq(transferRequests.id, approvals.transferId))
    .where(eq(transferRequests.batchId, id))
    .groupBy(approvals.approverId, approvals.approverEmail)
    .orderBy(sql`min(${approvals.at})`);
  return rows.map((r) => ({ approver: { id: r.id, email: r.email }, at: new Date(r.at).toISOString() }));
}

/** The largest valid rows, and the receivers this back office never paid before (by document). */
async function reviewOf(db: Db, id: string, rows: BatchRowView[]): Promise<BatchReview> {
  const valid = rows.filter((r) => r.state !== "invalid" && r.value_cents !== null);
  const largest = [...valid].sort((a, b) => (b.value_cents ?? 0) - (a.value_cents ?? 0)).slice(0, 5).map((r) => r.line);
  const documents = [...new Set(valid.map((r) => r.receiver_document))];
  const paid = new Set<string>();
  for (let i = 0; i < documents.length; i += 1_000) {
    const found = await db
      .selectDistinct({ document: transferRequests.receiverDocument })
      .from(transferRequests)
      .where(
        and(
          inArray(transferRequests.receiverDocument, documents.slice(i, i + 1_000)),
          inArray(transferRequests.state, ["registered", "paid"]),
          sql`${transferRequests.batchId} is distinct from ${id}`,
        ),
      );
    for (const f of found) paid.add(f.document);
  }
  return { largest_lines: largest, new_receivers: documents.filter((d) => !paid.has(d)).length };
}

/** Batches, newest first; `inboxOf`: only those waiting for this person's decision. */
export async function listBatches(db: Db, page: number, pageSize = BATCHES_PAGE_SIZE, inboxOf?: string) {
  const where = inboxOf
    ? inArray(
        batches.id,
        db.selectDistinct({ id: sql<string>`${transferRequests.batchId}` }).from(transferRequests).where(and(...batchInboxConditions(inboxOf, new Date()))),
      )
    : undefined;
  const [rows, totals] = await Promise.all([
    db.select().from(batches).where(where).orderBy(desc(batches.createdAt)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: count() }).from(batches).where(where),
  ]);
  const progress = await progressOf(db, rows.map((r) => r.id));
  const list = rows.map((row) => toBatch(row, progress.get(row.id) ?? emptyProgress(), []));
  const total = Number(totals[0]?.n ?? 0);
  return { batches: list, meta: { page, page_size: pageSize, total, total_pages: Math.max(1, Math.ceil(total / pageSize)) } };
}

type Progress = { byState: Partial<Record<BatchRowState, number>>; outcome: BatchOutcome };

const emptyProgress = (): Progress => ({
  byState: {},
  outcome: { paid: { count: 0, cents: 0 }, not_paid: { count: 0, cents: 0 }, in_flight: { count: 0, cents: 0 }, attention: 0 },
});

/**
 * Rows by state, per batch (invalid rows, rows not yet submitted as "valid", and each transfer
 * state), with where the money went: paid, certainly not paid, still on its way, and how many
 * need a person.
 */
async function progressOf(db: Db, ids: string[], now = new Date()): Promise<Map<string, Progress>> {
  const out = new Map<string, Progress>();
  if (!ids.length) return out;
  const attention = attentionCondition(now, getEnv().transfers.attentionAfterMinutes);
  const rows = await db
    .select({
      batchId: batchRows.batchId,
      state: sql<string>`coalesce(${transferRequests.state}, case when ${batchRows.errors} is null then 'valid' else 'invalid' end)`,
      n: count(),
      cents: sql<string>`coalesce(sum(${transferRequests.valueCents}), 0)`,
      attention: sql<string>`count(*) filter (where ${transferRequests.id} is not null and ${attention})`,
    })
    .from(batchRows)
    .leftJoin(transferRequests, eq(transferRequests.id, batchRows.transferId))
    .where(inArray(batchRows.batchId, ids))
    .groupBy(batchRows.batchId, sql`2`);
  for (const r of rows) {
    const p = out.get(r.batchId) ?? emptyProgress();
    const n = Number(r.n);
    const cents = Number(r.cents);
    p.byState[r.state as BatchRowState] = n;
    p.outcome.attention += Number(r.attention);
    const bucket = r.state === "paid" ? p.outcome.paid : NOT_PAID_STATES.includes(r.state as TransferState) ? p.outcome.not_paid : isTransferState(r.state) && !isFinal(r.state) ? p.outcome.in_flight : null;
    if (bucket) {
      bucket.count += n;
      bucket.cents += cents;
    }
    out.set(r.batchId, p);
  }
  return out;
}

function toBatch(row: BatchRow, progress: Progress, approvedBy: Batch["approvals"]): Batch {
  return {
    id: row.id,
    state: row.state as BatchState,
    file_name: row.fileName,
    file_format: row.fileFormat === "xlsx" ? "xlsx" : "csv",
    rows: row.rows,
    valid: row.valid,
    invalid: row.invalid,
    total_cents: row.totalCents,
    approvals_required: row.approvalsRequired,
    approvals: approvedBy,
    maker: { id: row.makerId, email: row.makerEmail },
    created_at: row.createdAt.toISOString(),
    submitted_at: row.submittedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    decision_reason: row.decisionReason,
    progress: progress.byState,
    outcome: progress.outcome,
  };
}

function toRowView(row: typeof batchRows.$inferSelect, transfer: TransferRequestRow | null, centreName: string | null): BatchRowView {
  const state = transfer?.state ?? null;
  // Errors decide: a row valid at upload whose id was taken before submission carries errors and a body.
  const preview = row.body && !row.errors
    ? toPreviewRow({
        line: row.line,
        state: "valid",
        cells: row.cells,
        idempotent_id: row.idempotentId ?? "",
        value_cents: row.valueCents ?? 0,
        transfer: row.body as never,
        payable: { description: row.description, costCentreId: row.costCentreId, receiverId: row.receiverId },
      })
    : toPreviewRow({
        line: row.line,
        state: "invalid",
        cells: row.cells,
        idempotent_id: row.idempotentId ?? "",
        value_cents: row.valueCents,
        errors: (row.errors ?? []) as never,
      });
  return {
    ...preview,
    state: state && isTransferState(state) ? state : preview.state,
    transfer_id: row.transferId,
    reference_code: transfer?.referenceCode ?? null,
    outcome: asTransferOutcome(transfer?.outcome),
    provider_status: transfer?.providerStatus ?? null,
    end_to_end: transfer?.endToEnd ?? null,
    payment_date: transfer?.paymentDate?.toISOString() ?? null,
    cancellation_reason: transfer?.cancellationReason ?? null,
    cost_centre_name: centreName,
  };
}

/** The rows of a batch's file that have errors, in file order (its errors file). */
export async function rowsWithErrors(db: Db, batchId: string): Promise<ErrorsFileRow[]> {
  const rows = await db
    .select({ line: batchRows.line, cells: batchRows.cells, errors: batchRows.errors })
    .from(batchRows)
    .where(and(eq(batchRows.batchId, batchId), isNotNull(batchRows.errors)))
    .orderBy(asc(batchRows.line));
  return rows.map((r) => ({ line: r.line, cells: r.cells, errors: (r.errors ?? []) as ErrorsFileRow["errors"] }));
}
