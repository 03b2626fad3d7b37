import "server-only";
import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { reconciliationFindings, type ReconciliationFindingRow } from "@/lib/db/schema";
import { FINDINGS_PAGE_SIZE } from "@/lib/domain/pages";
import { ApiError } from "@/lib/http/api-error";
import type { Finding, Person } from "../types";

export type { Finding };

export async function listFindings(db: Db, q: { state: "open" | "resolved"; page: number }) {
  const where = eq(reconciliationFindings.state, q.state);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(reconciliationFindings)
      .where(where)
      .orderBy(desc(reconciliationFindings.foundAt), desc(reconciliationFindings.id))
      .limit(FINDINGS_PAGE_SIZE)
      .offset((q.page - 1) * FINDINGS_PAGE_SIZE),
    db.select({ n: count() }).from(reconciliationFindings).where(where),
  ]);
  const total = Number(totals[0]?.n ?? 0);
  return {
    findings: rows.map(toFinding),
    meta: { page: q.page, page_size: FINDINGS_PAGE_SIZE, total, total_pages: Math.max(1, Math.ceil(total / FINDINGS_PAGE_SIZE)) },
  };
}

/** A person marks a finding resolved, with a note; audited in the same transaction. */
export async function resolveFinding(db: Db, id: number, actor: Person & { ip?: string | null }, note: string): Promise<Finding> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reconciliationFindings)
      .set({ state: "resolved", resolvedById: actor.id, resolvedByEmail: actor.email, resolvedAt: new Date(), resolutionNote: note })
      .where(and(eq(reconciliationFindings.id, id), eq(reconciliationFindings.state, "open")))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: reconciliationFindings.id }).from(reconciliationFindings).where(eq(reconciliationFindings.id, id));
      throw exists
        ? new ApiError("illegal_state", "reconciliation.errors.alreadyResolved")
        : new ApiError("not_found", "reconciliation.errors.notFound");
    }
    await recordAudit(
      {
        actor,
        action: "reconciliation.resolve",
        target: row.idempotentId,
        outcome: "resolved",
        detail: { finding_id: id, kind: row.kind, provider_status: row.providerStatus, note },
        ip: actor.ip ?? null,
      },
      tx,
    );
    return toFinding(row);
  });
}

function toFinding(row: ReconciliationFindingRow): Finding {
  return {
    id: row.id,
    kind: row.kind,
    idempotent_id: row.idempotentId,
    reference_code: row.referenceCode,
    provider_status: row.providerStatus,
    value_cents: row.valueCents,
    detail: row.detail,
    found_at: row.foundAt.toISOString(),
    state: row.state === "resolved" ? "resolved" : "open",
    resolved_by: row.resolvedByEmail,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolution_note: row.resolutionNote,
  };
}
