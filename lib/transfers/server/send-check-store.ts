import "server-only";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { approvals, authUser, serviceAccounts, serviceTokens, transferRequests, type TransferRequestRow } from "@/lib/db/schema";
import { can, isRole } from "@/lib/auth/roles";
import { isServiceAccountId } from "@/lib/service-accounts/ids";
import type { Person } from "../types";
import { requiredApprovals } from "../approval-need";
import { requestExpiry } from "../deadlines";
import type { ApprovalPolicy } from "../policy";
import { sendVerdict, type SendFacts, type SendVerdict } from "../send-check";
import type { TransferState } from "../states";
import { moveTransfers } from "./transition";
import { holdersOf, makerLink } from "./who-decides";

/**
 * The send-time rule's facts read from the store, and its verdict applied (./send-check.ts says
 * the rule). Two callers: the engine, just before it would send a request it claimed; and every
 * change of what a request relies on (the policy, a person's role or account, a token), for the
 * requests not sent yet, so that a payable learns it needs approvals again the day the world
 * changed, not on its send day.
 */

/** What the rule reads of a request. */
export type CheckedRequest = Pick<
  TransferRequestRow,
  "id" | "idempotentId" | "makerId" | "submittedById" | "makerTokenId" | "approvalsRequired" | "approvalNeed" | "valueCents" | "batchId" | "sendAt"
>;

/** The facts of each request, read in a few statements whatever their number. */
export async function loadSendFacts(tx: Tx, rows: readonly CheckedRequest[], policy: ApprovalPolicy, now: Date): Promise<Map<string, SendFacts>> {
  const facts = new Map<string, SendFacts>();
  if (!rows.length) return facts;
  const ids = rows.map((r) => r.id);
  const counting = await tx
    .select({ id: approvals.id, transferId: approvals.transferId, approverId: approvals.approverId })
    .from(approvals)
    .where(and(inArray(approvals.transferId, ids), isNull(approvals.voidedAt)));
  const actors = new Set<string>([...rows.flatMap((r) => [r.makerId, r.submittedById ?? r.makerId]), ...counting.map((a) => a.approverId)]);
  const people = [...actors].filter((id) => !isServiceAccountId(id));
  const accounts = [...actors].filter(isServiceAccountId);
  const tokenIds = rows.map((r) => r.makerTokenId).filter((t): t is string => !!t);
  const [users, liveAccounts, tokens, holders] = await Promise.all([
    people.length ? tx.select({ id: authUser.id, role: authUser.role, deactivatedAt: authUser.deactivatedAt }).from(authUser).where(inArray(authUser.id, people)) : [],
    accounts.length ? tx.select({ id: serviceAccounts.id }).from(serviceAccounts).where(inArray(serviceAccounts.id, accounts)) : [],
    tokenIds.length || accounts.length
      ? tx
          .select({ id: serviceTokens.id, account: serviceTokens.serviceAccountId, revokedAt: serviceTokens.revokedAt, expiresAt: serviceTokens.expiresAt })
          .from(serviceTokens)
          .where(or(tokenIds.length ? inArray(serviceTokens.id, tokenIds) : sql`false`, accounts.length ? inArray(serviceTokens.serviceAccountId, accounts) : sql`false`))
      : [],
    holdersOf(tx, [...accounts]),
  ]);
  const userOf = new Map(users.map((u) => [u.id, u]));
  const accountExists = new Set(liveAccounts.map((a) => a.id));
  const valid = (t: { revokedAt: Date | null; expiresAt: Date | null }) => !t.revokedAt && (!t.expiresAt || t.expiresAt.getTime() > now.getTime());
  const active = (id: string) => (isServiceAccountId(id) ? accountExists.has(id) : !!userOf.get(id) && !userOf.get(id)!.deactivatedAt);
  for (const row of rows) {
    const submitter = row.submittedById && row.submittedById !== row.makerId ? row.submittedById : null;
    facts.set(row.id, {
      makerActive: active(row.makerId),
      submitterActive: submitter ? active(submitter) : null,
      tokenValid: tokenValidity(row, tokens, valid),
      approvals: counting
        .filter((a) => a.transferId === row.id)
        .map((a) => {
          const user = userOf.get(a.approverId);
          return {
            id: a.id,
            approverActive: !!user && !user.deactivatedAt,
            mayApprove: !!user && isRole(user.role) && can(user.role, "approve"),
            actedAsMaker: makerLink(row, a.approverId, holders) !== null,
          };
        }),
      required: requiredApprovals(policy, row),
    });
  }
  return facts;
}

/**
 * A request made with a token: that token must still be valid. One made by a service account
 * before the token was recorded with it: some token of the account must be.
 */
function tokenValidity(
  row: CheckedRequest,
  tokens: ReadonlyArray<{ id: string; account: string; revokedAt: Date | null; expiresAt: Date | null }>,
  valid: (t: { revokedAt: Date | null; expiresAt: Date | null }) => boolean,
): boolean | null {
  if (row.makerTokenId) {
    const token = tokens.find((t) => t.id === row.makerTokenId);
    return !!token && valid(token);
  }
  if (!isServiceAccountId(row.makerId)) return null;
  return tokens.some((t) => t.account === row.makerId && valid(t));
}

/**
 * What the verdict makes of a request waiting to go (`scheduled`, `approved`: no POST of it can be
 * in flight then) or claimed from there by the caller: held, or back to awaiting approval with
 * the approvals that no longer count voided. Audited, with the
 * facts that decided it. Returns the state it went to, or null when nothing moved.
 */
export async function applySendVerdict(
  tx: Tx,
  row: CheckedRequest,
  verdict: Exclude<SendVerdict, { kind: "send" }>,
  o: { from: readonly TransferState[]; claimToken?: string; policy: ApprovalPolicy; now: Date; actor: Person | null; cause: string },
): Promise<TransferState | null> {
  const to: TransferState = verdict.kind === "hold" ? "held" : "awaiting_approval";
  const move = {
    from: o.from,
    claimToken: o.claimToken,
    actor: o.actor,
    now: o.now,
    ...(verdict.kind === "hold"
      ? { outcome: { kind: "held" as const, reasons: verdict.reasons }, note: { key: "transfers.notes.held" }, set: { claimToken: null, leaseUntil: null, nextAttemptAt: null } }
      : {
          note: { key: "transfers.notes.backToApproval", values: { required: verdict.required, counting: verdict.counting } },
          set: { approvalsRequired: verdict.required, expiresAt: requestExpiry(o.policy, o.now, row.sendAt && row.sendAt > o.now ? row.sendAt : null), claimToken: null, leaseUntil: null, nextAttemptAt: null },
        }),
  };
  const { moved } = await moveTransfers(tx, [row.id], to, move);
  if (!moved.length) return null;
  if (verdict.kind === "reapprove") await voidApprovals(tx, verdict.voided, o.now);
  await recordAudit(
    {
      actor: o.actor,
      action: "transfer.send_check",
      target: row.idempotentId,
      outcome: to,
      detail: { transfer_id: row.id, cause: o.cause, ...(verdict.kind === "hold" ? { reasons: verdict.reasons } : { required: verdict.required, counting: verdict.counting, voided: verdict.voided }) },
      ip: null,
    },
    tx,
  );
  return to;
}

/** Approvals that no longer count: kept (they are history), marked with why. */
export async function voidApprovals(tx: Tx, voided: ReadonlyArray<{ id: number; reason: string }>, now: Date): Promise<void> {
  for (const v of voided) await tx.update(approvals).set({ voidedAt: now, voidReason: v.reason }).where(and(eq(approvals.id, v.id), isNull(approvals.voidedAt)));
}

/** Which requests not sent yet a change touches. */
export type ReviewScope = { all: true } | { personId: string } | { serviceAccountId: string };

/**
 * After a change of what requests rely on: every request of the scope not sent yet is checked
 * by the send-time rule now. Waiting for its day or for a worker (`scheduled`, `approved`): held
 * or sent back for approval as the rule says. Still awaiting approval: approvals that no longer
 * count are voided and the policy in force now sets how many it needs (a tightened policy
 * applies to what already waits). Runs in the caller's transaction, after its change.
 */
export async function reviewUnsent(tx: Tx, scope: ReviewScope, o: { policy: ApprovalPolicy; now: Date; actor: Person | null; cause: string }): Promise<{ held: number; reapproval: number; updated: number }> {
  const t = transferRequests;
  const rows = await tx
    .select()
    .from(t)
    .where(and(inArray(t.state, ["awaiting_approval", "scheduled", "approved"]), scopeCondition(scope)))
    .orderBy(t.id)
    .for("update");
  const facts = await loadSendFacts(tx, rows, o.policy, o.now);
  const result = { held: 0, reapproval: 0, updated: 0 };
  for (const row of rows) {
    const verdict = sendVerdict(facts.get(row.id)!);
    if (row.state === "awaiting_approval") {
      result.updated += await refreshWaiting(tx, row, facts.get(row.id)!, o.now);
      continue;
    }
    if (verdict.kind === "send") continue;
    const to = await applySendVerdict(tx, row, verdict, { ...o, from: [row.state as TransferState] });
    if (to === "held") result.held += 1;
    else if (to) result.reapproval += 1;
  }
  return result;
}

/** A request still awaiting approval: void what no longer counts, ask for what the policy asks now. */
async function refreshWaiting(tx: Tx, row: TransferRequestRow, facts: SendFacts, now: Date): Promise<number> {
  const verdict = sendVerdict({ ...facts, makerActive: true, submitterActive: null, tokenValid: null });
  const voided = verdict.kind === "reapprove" ? verdict.voided : [];
  await voidApprovals(tx, voided, now);
  if (facts.required === row.approvalsRequired && !voided.length) return 0;
  await tx.update(transferRequests).set({ approvalsRequired: facts.required, updatedAt: now }).where(eq(transferRequests.id, row.id));
  return 1;
}

function scopeCondition(scope: ReviewScope) {
  const t = transferRequests;
  if ("all" in scope) return undefined;
  if ("serviceAccountId" in scope) return or(eq(t.makerId, scope.serviceAccountId), eq(t.submittedById, scope.serviceAccountId));
  return or(
    eq(t.makerId, scope.personId),
    eq(t.submittedById, scope.personId),
    sql`exists (select 1 from ${approvals} a where a.transfer_id = ${t.id} and a.approver_id = ${scope.personId} and a.voided_at is null)`,
  );
}

export type { Db };
