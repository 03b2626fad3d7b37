import "server-only";
import { eq, ne } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { alerts, type AlertRow } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/api-error";
import { announceAlerts } from "./raise";
import { lockVisibleAlert, toAlerts, updateAlert, type Viewer } from "./store";
import type { Alert } from "./types";

/**
 * A person handles an alert: acknowledges it (it stays live, and resolves by itself when its
 * condition ends) or resolves it, saying what was done. The change, its audit row and its
 * announcement to open pages share one transaction; lib/alerts/store.ts only reads and writes rows.
 */

/** A person takes it on: it stays live (and resolves by itself when its condition ends). */
export async function acknowledgeAlert(db: Db, id: number, viewer: Viewer, note: string, now = new Date()): Promise<Alert> {
  return handle(db, id, viewer, "acknowledge", async (tx, row) => {
    if (row.state !== "open") throw new ApiError("illegal_state", `alerts.errors.${row.state === "resolved" ? "alreadyResolved" : "alreadyAcknowledged"}`);
    return updateAlert(tx, id, { state: "acknowledged", acknowledgedAt: now, acknowledgedById: viewer.id, acknowledgedByEmail: viewer.email, acknowledgeNote: note, updatedAt: now }, eq(alerts.state, "open"));
  }, note);
}

/** A person closes it, saying what was done. */
export async function resolveAlert(db: Db, id: number, viewer: Viewer, note: string, now = new Date()): Promise<Alert> {
  return handle(db, id, viewer, "resolve", async (tx, row) => {
    if (row.state === "resolved") throw new ApiError("illegal_state", "alerts.errors.alreadyResolved");
    return updateAlert(tx, id, { state: "resolved", resolvedAt: now, resolvedById: viewer.id, resolvedByEmail: viewer.email, resolutionNote: note, updatedAt: now }, ne(alerts.state, "resolved"));
  }, note);
}

async function handle(db: Db, id: number, viewer: Viewer, action: "acknowledge" | "resolve", change: (tx: Tx, row: AlertRow) => Promise<AlertRow>, note: string): Promise<Alert> {
  const row = await db.transaction(async (tx) => {
    const locked = await lockVisibleAlert(tx, id, viewer);
    if (!locked) throw new ApiError("not_found", "alerts.errors.notFound");
    const updated = await change(tx, locked);
    await recordAudit(
      {
        actor: viewer,
        action: action === "acknowledge" ? "alert.acknowledge" : "alert.resolve",
        target: `alert:${id}`,
        outcome: updated.state,
        detail: { alert_id: id, rule: updated.rule, subject_type: updated.subjectType, subject_id: updated.subjectId, note },
        ip: viewer.ip ?? null,
      },
      tx,
    );
    await announceAlerts(tx, [updated]);
    return updated;
  });
  const [alert] = await toAlerts(db, [row]);
  return alert!;
}
