import "server-only";
import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { costCentres, type CostCentreRow } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/api-error";
import type { Actor } from "@/lib/domain/actor";
import type { CostCentreInput, CostCentrePatch } from "./schema";
import type { CostCentre } from "./types";

/**
 * The cost centres admins keep: created, renamed, deactivated or used again, each change and its
 * audit row in one transaction. Codes are unique (stored upper case); a deactivated centre stays
 * on the transfers that name it but is no longer offered.
 */

export async function listCostCentres(db: Tx, options: { all?: boolean } = {}): Promise<CostCentre[]> {
  const query = db.select().from(costCentres);
  const rows = await (options.all ? query : query.where(eq(costCentres.active, true))).orderBy(asc(costCentres.code));
  return rows.map(toCostCentre);
}

export async function createCostCentre(db: Db, input: CostCentreInput, actor: Actor, now = new Date()): Promise<CostCentre> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cost-centres:code'))`);
    const [taken] = await tx.select().from(costCentres).where(eq(costCentres.code, input.code));
    if (taken) throw new ApiError("duplicate", "validation.costCentre.codeTaken", { code: input.code }, "code");
    const [row] = await tx.insert(costCentres).values({ id: randomUUID(), code: input.code, name: input.name, createdAt: now, updatedAt: now }).returning();
    await recordAudit({ actor, action: "cost_centre.create", target: input.code, outcome: "created", detail: { id: row!.id, code: input.code, name: input.name }, ip: actor.ip ?? null }, tx);
    return toCostCentre(row!);
  });
}

export async function updateCostCentre(db: Db, id: string, patch: CostCentrePatch, actor: Actor, now = new Date()): Promise<CostCentre> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(costCentres).where(eq(costCentres.id, id)).for("update");
    if (!before) throw new ApiError("not_found", "validation.costCentre.unknown");
    const next = { name: patch.name ?? before.name, active: patch.active ?? before.active };
    const [row] = await tx.update(costCentres).set({ ...next, updatedAt: now }).where(eq(costCentres.id, id)).returning();
    const outcome = next.active !== before.active ? (next.active ? "enabled" : "disabled") : "renamed";
    await recordAudit(
      {
        actor,
        action: "cost_centre.update",
        target: before.code,
        outcome,
        detail: { id, ...(next.name !== before.name ? { name: { from: before.name, to: next.name } } : {}), ...(next.active !== before.active ? { active: next.active } : {}) },
        ip: actor.ip ?? null,
      },
      tx,
    );
    return toCostCentre(row!);
  });
}

function toCostCentre(row: CostCentreRow): CostCentre {
  return { id: row.id, code: row.code, name: row.name, active: row.active, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}
