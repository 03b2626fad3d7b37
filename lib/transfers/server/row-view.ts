import "server-only";
import { and, asc, inArray, isNull } from "drizzle-orm";
import type { Tx } from "@/lib/db";
import { approvals, costCentres, type TransferRequestRow } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { attentionOf } from "./attention";
import { asTransferOutcome } from "../outcome";
import { isTransferState } from "../states";
import { approvalNeedSchema } from "../answers";
import { destinationLabel } from "../destination";
import type { TransferRequest } from "../types";

// A stored transfer request as the API answers it: its approvals, cost centre and what needs attention.
export function attentionSettings() {
  const env = getEnv();
  return {
    afterMinutes: env.transfers.attentionAfterMinutes,
    portal: env.transfers.providerAuthorization === "portal",
    horizonMs: env.transfers.settleHorizonMs,
  };
}

export async function approvalsOf(db: Tx, ids: string[]): Promise<Map<string, TransferRequest["approvals"]>> {
  const byTransfer = new Map<string, TransferRequest["approvals"]>();
  if (!ids.length) return byTransfer;
  const rows = await db.select().from(approvals).where(and(inArray(approvals.transferId, ids), isNull(approvals.voidedAt))).orderBy(asc(approvals.id));
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

export type CostCentres = Map<string, { id: string; code: string; name: string }>;

/** The cost centres these requests name (a handful: a small table). */
export async function costCentresOf(db: Tx, rows: readonly TransferRequestRow[]): Promise<CostCentres> {
  const ids = [...new Set(rows.map((r) => r.costCentreId).filter((id): id is string => id !== null))];
  if (!ids.length) return new Map();
  const found = await db.select({ id: costCentres.id, code: costCentres.code, name: costCentres.name }).from(costCentres).where(inArray(costCentres.id, ids));
  return new Map(found.map((c) => [c.id, c]));
}

/**
 * One stored row as the API answers it (approvals and cost centre read here). `justMade`: the row
 * as its creation wrote it, which no one can have approved yet: its approvals are not read.
 */
export async function transferView(db: Tx, row: TransferRequestRow, o: { justMade?: boolean } = {}): Promise<TransferRequest> {
  const [approvedBy, centres] = await Promise.all([o.justMade ? new Map<string, TransferRequest["approvals"]>() : approvalsOf(db, [row.id]), costCentresOf(db, [row])]);
  return toTransfer(row, approvedBy.get(row.id) ?? [], new Date(), centres);
}

/** A stored row -> the API's shape. */
export function toTransfer(row: TransferRequestRow, approvedBy: TransferRequest["approvals"], now: Date, centres: CostCentres): TransferRequest {
  const settings = attentionSettings();
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
    authorized: settings.portal ? false : true,
    maker: { id: row.makerId, email: row.makerEmail },
    submitted_by: row.submittedById && row.submittedByEmail ? { id: row.submittedById, email: row.submittedByEmail } : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    submitted_at: iso(row.submittedAt),
    settled_at: iso(row.settledAt),
    attempts: row.attempts,
    next_attempt_at: iso(row.nextAttemptAt),
    outcome: asTransferOutcome(row.outcome),
    reference_code: row.referenceCode,
    provider_status: row.providerStatus,
    end_to_end: row.endToEnd,
    payment_date: iso(row.paymentDate),
    cancellation_reason: row.cancellationReason,
    cancellation_date: iso(row.cancellationDate),
    registered_at: iso(row.registeredAt),
    last_post_at: iso(row.lastPostAt),
    settle_until: row.state === "outcome_unknown" && row.lastPostAt ? new Date(row.lastPostAt.getTime() + settings.horizonMs).toISOString() : null,
    attention: attentionOf(row, now, settings.afterMinutes, settings.portal),
    attention_handled:
      row.attentionHandledAt && row.attentionHandledById && row.attentionHandledByEmail
        ? { by: { id: row.attentionHandledById, email: row.attentionHandledByEmail }, at: row.attentionHandledAt.toISOString(), note: row.attentionNote ?? "" }
        : null,
    approvals_required: row.approvalsRequired,
    approval_need: needView(row.approvalNeed),
    approvals: approvedBy,
    expires_at: iso(row.expiresAt),
    decision_reason: row.decisionReason,
    batch_id: row.batchId,
    batch_line: row.batchLine,
    scheduled_for: row.scheduledFor,
    send_at: iso(row.sendAt),
    series_id: row.seriesId,
    description: row.description,
    cost_centre: row.costCentreId ? (centres.get(row.costCentreId) ?? { id: row.costCentreId, code: "", name: "" }) : null,
    receiver_id: row.receiverId,
  };
}

/** The stored `approval_need`, as the API shows it (the destination key as people read it). */
function needView(stored: unknown): TransferRequest["approval_need"] {
  const parsed = approvalNeedSchema.safeParse(stored);
  if (!parsed.success) return null;
  return { ...parsed.data, window_key: parsed.data.window_key ? destinationLabel(parsed.data.window_key) : null };
}
