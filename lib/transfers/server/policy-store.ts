import "server-only";
import { desc } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { approvalPolicies } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { DEFAULT_POLICY, type ApprovalPolicy } from "../policy";
import { reviewUnsent } from "./send-check-store";
import type { Person } from "../types";

type StoredPolicy = ApprovalPolicy & { changed_by: string | null; changed_at: string | null; asked_at: string | null; confirmed_by: string | null };

/** The policy in force: the newest saved version, or the default (the default's expiry from APPROVAL_EXPIRY_HOURS). */
export async function getApprovalPolicy(db: Db, defaultExpiryHours = DEFAULT_POLICY.expiry_hours): Promise<StoredPolicy> {
  const [row] = await db.select().from(approvalPolicies).orderBy(desc(approvalPolicies.id)).limit(1);
  if (!row) return { ...DEFAULT_POLICY, expiry_hours: defaultExpiryHours, changed_by: null, changed_at: null, asked_at: null, confirmed_by: null };
  return {
    tiers: row.tiers,
    expiry_hours: row.expiryHours,
    changed_by: row.changedByEmail,
    changed_at: row.changedAt.toISOString(),
    asked_at: row.askedAt?.toISOString() ?? null,
    confirmed_by: row.confirmedByEmail,
  };
}

/** The policy in force, the default's expiry from this server's APPROVAL_EXPIRY_HOURS. */
export function policyInForce(db: Db): Promise<StoredPolicy> {
  return getApprovalPolicy(db, getEnv().approvalExpiryHours);
}

/**
 * Saves a new version (the old ones stay: the history of who changed what) with its audit row,
 * in one transaction; every request not sent yet is checked against it there (a tightened
 * policy applies to what already waits: lib/transfers/server/send-check-store.ts reviewUnsent).
 */
export async function saveApprovalPolicy(
  db: Db,
  policy: ApprovalPolicy,
  actor: Person,
  ip: string | null,
  defaultExpiryHours?: number,
  confirmation?: { by: string; askedAt: Date; at: Date },
): Promise<StoredPolicy> {
  const before = await getApprovalPolicy(db, defaultExpiryHours);
  await db.transaction(async (tx) => {
    await tx.insert(approvalPolicies).values({
      tiers: policy.tiers,
      expiryHours: policy.expiry_hours,
      changedById: actor.id,
      changedByEmail: actor.email,
      changedAt: confirmation?.at ?? new Date(),
      askedAt: confirmation?.askedAt ?? null,
      confirmedByEmail: confirmation?.by ?? null,
    });
    // What waits, or waits for its day, is held to the policy in force from now on.
    const rechecked = await reviewUnsent(tx, { all: true }, { policy, now: new Date(), actor, cause: "policy.change" });
    await recordAudit(
      {
        actor,
        action: "policy.change",
        target: "approval_policy",
        outcome: "saved",
        detail: { from: { tiers: before.tiers, expiry_hours: before.expiry_hours }, to: policy, transfers_rechecked: rechecked },
        ip,
      },
      tx,
    );
  });
  return getApprovalPolicy(db, defaultExpiryHours);
}
