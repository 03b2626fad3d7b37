import "server-only";
import { sql } from "drizzle-orm";
import { recordAudit } from "@/lib/db/audit";
import type { Db } from "@/lib/db";
import { findUserById, inviteUser, UserError, type UserSummary } from "@/lib/db/users";
import { changeUser, type UserChange } from "@/lib/db/users-admin";
import type { Role } from "@/lib/auth/roles";
import type { ApprovalPolicy } from "@/lib/transfers/policy";
import { getApprovalPolicy, saveApprovalPolicy } from "@/lib/transfers/server/policy-store";
import { heldMoneyRoleRecently, isMoneyRole, policyWeakens, userChangeNeedsSecondAdmin } from "./rules";
import { findPendingChange, insertPendingChange, listDecidedRows, listPendingRows, listWaitingOfKind, lockPendingChange, markDecided, toView } from "./store";
import type { PendingChangePayload, PendingChangeView } from "./types";
import { issueToken, issueTokenOrAsk, type IssuedToken } from "@/lib/service-accounts/service";
import type { NewToken } from "@/lib/service-accounts/schema";
import type { Actor } from "@/lib/domain/actor";
import { isApiError } from "@/lib/http/api-error";
import { accountHistory } from "./history";
import { revokePasskeys, type RevokedPasskeys } from "@/lib/auth/passkey-admin";

/**
 * Changes that weaken money controls wait for a second admin (rules.ts says which). The
 * request is stored and audited; another admin (never the requester) or the server's command
 * line confirms it, and only then does the change happen, applied, marked and audited in one
 * transaction; or refuses it, audited too. Changes that do not weaken anything apply at once.
 */
/** Either the change was made at once, or it waits for a second admin. */
export type AppliedOrPending<T> = { applied: T } | { pending: PendingChangeView };
/** Who decides: an admin on the web, or whoever runs `npm run users -- confirm` on the server. */
export type Decider = { kind: "admin"; id: string; email: string } | { kind: "cli"; osUser?: string };
/** `defaultExpiryHours`: the expiry of the default policy (APPROVAL_EXPIRY_HOURS) while none was saved. */
type Context = { db: Db; ip?: string | null; via?: "web" | "cli"; defaultExpiryHours?: number };

export type PendingChangeErrorCode = "not_found" | "not_pending" | "own_request" | "stale" | "cannot_apply";

export class PendingChangeError extends Error {
  constructor(
    readonly code: PendingChangeErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "PendingChangeError";
  }
}

const samePolicy = (a: ApprovalPolicy, b: ApprovalPolicy) =>
  a.expiry_hours === b.expiry_hours && a.tiers.length === b.tiers.length && a.tiers.every((t, i) => t.from_cents === b.tiers[i]!.from_cents && t.approvals === b.tiers[i]!.approvals);

const policyOf = (p: ApprovalPolicy): ApprovalPolicy => ({ tiers: p.tiers.map((t) => ({ from_cents: t.from_cents, approvals: t.approvals })), expiry_hours: p.expiry_hours });

/**
 * `once`: the same request again from the same admin while the first still waits (a double
 * click) answers the first: one pending change, one audit row. Requests with the same `lock`
 * take turns, so two arriving together cannot both find nothing.
 */
type Once = { lock: string; same: (waiting: PendingChangePayload) => boolean };

async function ask(ctx: Context, requester: Actor, change: PendingChangePayload, target: { id: string | null; email: string | null }, once?: Once): Promise<PendingChangeView> {
  return ctx.db.transaction(async (tx) => {
    if (once) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${once.lock}))`);
      const waiting = (await listWaitingOfKind(tx, change.kind, requester.id)).find((w) => once.same(w.change));
      if (waiting) return waiting;
    }
    const pending = await insertPendingChange(tx, { change, target, requester, now: new Date() });
    await recordAudit(
      { actor: requester, action: "admin_change.request", target: target.email ?? change.kind, outcome: "pending", detail: { pending_change: pending.id, change, via: ctx.via ?? "web" }, ip: ctx.ip },
      tx,
    );
    return pending;
  });
}

/** PUT /api/settings/approvals: a stricter (or equal) policy is saved at once; a weaker one waits. */
export async function changePolicyOrAsk(ctx: Context, proposed: ApprovalPolicy, requester: Actor): Promise<AppliedOrPending<Awaited<ReturnType<typeof saveApprovalPolicy>>>> {
  const inForce = await getApprovalPolicy(ctx.db, ctx.defaultExpiryHours);
  if (!policyWeakens(inForce, proposed)) {
    return { applied: await saveApprovalPolicy(ctx.db, proposed, requester, ctx.ip ?? null, ctx.defaultExpiryHours) };
  }
  return { pending: await ask(ctx, requester, { kind: "approval_policy", proposed: policyOf(proposed), in_force: policyOf(inForce) }, { id: null, email: null }) };
}

/** PATCH /api/users/{id}: what gives a hand on the money waits; the rest applies at once. */
export async function changeUserOrAsk(ctx: Context, userId: string, change: UserChange, requester: Actor): Promise<AppliedOrPending<Awaited<ReturnType<typeof changeUser>>>> {
  const user = await findUserById(userId, ctx.db);
  if (!user) throw new UserError(`No user with id ${userId}`, "not_found");
  if (user.id === requester.id && !("endSessions" in change)) await refuseOwnAccount(ctx, requester, change);
  if (!userChangeNeedsSecondAdmin(change, user, new Date())) {
    return { applied: await changeUser(userId, change, { db: ctx.db, actor: requester, ip: ctx.ip, auditDetail: { via: ctx.via ?? "web" }, defaultExpiryHours: ctx.defaultExpiryHours }) };
  }
  const payload: PendingChangePayload =
    "role" in change
      ? { kind: "role", from: user.role, to: change.role }
      : "newPasswordLink" in change
        ? { kind: "password_link", role: user.role }
        : "deactivated" in change
          ? { kind: "reactivate", role: user.role }
          : { kind: "reset_second_factor", role: user.role };
  return { pending: await ask(ctx, requester, payload, { id: user.id, email: user.email }) };
}

/**
 * An admin never changes their own role, deactivates themselves, resets their own second factor
 * or makes their own set-password link here: another admin does (their own security page
 * changes their password and second factor). Ending their own sessions is allowed. Audited.
 */
async function refuseOwnAccount(ctx: Context, requester: Actor, change: UserChange): Promise<never> {
  await recordAudit(
    { actor: requester, action: "user.change_refused", target: requester.email, outcome: "refused_own_account", detail: { change, via: ctx.via ?? "web" }, ip: ctx.ip },
    ctx.db,
  );
  throw new UserError("Another admin must change your own account", "own_account");
}

/** DELETE /api/users/{id}/passkeys: a money role's passkeys go once a second admin confirms; others at once. */
export async function revokePasskeysOrAsk(ctx: Context, userId: string, requester: Actor): Promise<AppliedOrPending<RevokedPasskeys>> {
  const user = await findUserById(userId, ctx.db);
  if (!user) throw new UserError(`No user with id ${userId}`, "not_found");
  if (!heldMoneyRoleRecently(user, new Date())) return { applied: await revokePasskeys(ctx.db, userId, { actor: requester, ip: ctx.ip, auditDetail: { via: ctx.via ?? "web" } }) };
  return { pending: await ask(ctx, requester, { kind: "revoke_passkeys", role: user.role }, { id: user.id, email: user.email }) };
}

/** POST /api/users: an account with a money role waits; others are created at once (with their link). */
export async function inviteUserOrAsk(ctx: Context, input: { email: string; name?: string; role: Role }, requester: Actor): Promise<AppliedOrPending<Awaited<ReturnType<typeof inviteUser>>>> {
  if (!isMoneyRole(input.role)) {
    return { applied: await inviteUser(input, { db: ctx.db, actor: requester, ip: ctx.ip, auditDetail: { via: ctx.via ?? "web" } }) };
  }
  const email = input.email.trim().toLowerCase();
  const payload: PendingChangePayload = { kind: "new_account", email, name: input.name?.trim() || null, role: input.role };
  return { pending: await ask(ctx, requester, payload, { id: null, email }) };
}

/** POST /api/service-accounts/{id}/tokens: a token for an operator account waits for a second admin; others are issued at once. */
export async function issueServiceTokenOrAsk(ctx: Context, accountId: string, input: NewToken, requester: Actor): Promise<AppliedOrPending<IssuedToken>> {
  return issueTokenOrAsk(ctx, accountId, input, requester, (payload) =>
    ask(ctx, requester, { kind: "service_token", ...payload }, { id: null, email: null }, {
      lock: `pending_change:service_token:${payload.service_account.id}`,
      same: (w) =>
        w.kind === "service_token" &&
        w.service_account.id === payload.service_account.id &&
        w.expires_in_days === payload.expires_in_days &&
        w.rate_per_minute === payload.rate_per_minute,
    }),
  );
}

/**
 * Changes waiting, and the last ones decided. Each waiting change about an account carries the
 * account's recent history, for the admin who decides.
 */
export async function listPendingChanges(db: Db, now = new Date()): Promise<{ pending: PendingChangeView[]; decided: PendingChangeView[] }> {
  const [pending, decided] = await Promise.all([listPendingRows(db), listDecidedRows(db)]);
  const withHistory = await Promise.all(
    pending.map(async (p) => (p.target_user_id && p.target_email ? { ...p, account_history: await accountHistory(db, p.target_email, now) } : p)),
  );
  return { pending: withHistory, decided };
}

function deciderLabel(decider: Decider): { id: string | null; label: string; actor: Actor | null } {
  if (decider.kind === "admin") return { id: decider.id, label: decider.email, actor: { id: decider.id, email: decider.email } };
  return { id: null, label: `command line${decider.osUser ? ` (${decider.osUser})` : ""}`, actor: null };
}

/**
 * Refuses a requester deciding on their own change: 403 for them, and an audit row that says
 * they tried (written on its own: the refusal stands even if the log cannot take it).
 */
async function refuseOwn(ctx: Context, view: PendingChangeView, decider: Decider, action: "admin_change.confirm" | "admin_change.refuse"): Promise<never> {
  const who = deciderLabel(decider);
  await recordAudit(
    { actor: who.actor, action, target: view.target_email ?? view.change.kind, outcome: "refused_own_request", detail: { pending_change: view.id }, ip: ctx.ip },
    ctx.db,
  ).catch(() => undefined);
  throw new PendingChangeError("own_request", "Another admin must decide on a change you asked for");
}

async function openChange(ctx: Context, id: string, decider: Decider, action: "admin_change.confirm" | "admin_change.refuse"): Promise<PendingChangeView> {
  const view = await findPendingChange(ctx.db, id);
  if (!view) throw new PendingChangeError("not_found", `No pending change ${id}`);
  if (view.state !== "pending") throw new PendingChangeError("not_pending", `The change ${id} was already ${view.state}`);
  if (decider.kind === "admin" && decider.id === view.requested_by.id) await refuseOwn(ctx, view, decider, action);
  return view;
}

/**
 * Confirms a change: under a lock on its row, applies it, marks it confirmed and audits the
 * decision, all in one transaction. A policy change whose policy in force moved since it was
 * asked is refused as stale (confirming it would undo the newer change): ask again.
 */
export async function confirmPendingChange(ctx: Context, id: string, decider: Decider): Promise<{ change: PendingChangeView; token?: string; user?: UserSummary; serviceToken?: IssuedToken }> {
  await openChange(ctx, id, decider, "admin_change.confirm");
  try {
    return await applyConfirmed(ctx, id, decider);
  } catch (error) {
    const reason = cannotApply(error);
    if (!reason) throw error;
    await closeAsFailed(ctx, id, decider, reason);
    throw new PendingChangeError("cannot_apply", reason);
  }
}

/**
 * Why a confirmed change could no longer be applied (the world moved since it was asked), or
 * null for any other error: the e-mail of an invitation taken meanwhile, the account or service
 * account gone, the last admin, a policy changed since.
 */
function cannotApply(error: unknown): string | null {
  if (error instanceof UserError && ["email_taken", "not_found", "last_admin", "invalid_email", "unknown_role"].includes(error.code)) return error.code;
  if (error instanceof PendingChangeError && (error.code === "stale" || error.code === "not_found")) return error.code;
  if (isApiError(error) && error.code === "not_found") return "not_found";
  return null;
}

/** The change is closed as `failed` with its reason, audited: nothing of it happened. */
async function closeAsFailed(ctx: Context, id: string, decider: Decider, reason: string): Promise<void> {
  const who = deciderLabel(decider);
  await ctx.db.transaction(async (tx) => {
    const row = await lockPendingChange(tx, id);
    if (!row || row.state !== "pending") return;
    const view = toView(row);
    await markDecided(tx, id, "failed", who, new Date(), reason);
    await recordAudit(
      { actor: who.actor, action: "admin_change.confirm", target: view.target_email ?? view.change.kind, outcome: "failed", detail: { pending_change: id, change: view.change, reason, requested_by: view.requested_by.email, via: ctx.via ?? "web" }, ip: ctx.ip },
      tx,
    );
  });
}

async function applyConfirmed(ctx: Context, id: string, decider: Decider): Promise<{ change: PendingChangeView; token?: string; user?: UserSummary; serviceToken?: IssuedToken }> {
  const who = deciderLabel(decider);
  const decidedAt = new Date();
  return ctx.db.transaction(async (tx) => {
    const row = await lockPendingChange(tx, id);
    if (!row || row.state !== "pending") throw new PendingChangeError("not_pending", `The change ${id} was decided meanwhile`);
    const view = toView(row);
    if (decider.kind === "admin" && decider.id === view.requested_by.id) throw new PendingChangeError("own_request", "Another admin must decide");
    const requester = view.requested_by;
    const detail = { pending_change: id, confirmed_by: who.label, via: ctx.via ?? "web" };
    const c = view.change;
    let token: string | undefined;
    let user: UserSummary | undefined;
    let serviceToken: IssuedToken | undefined;
    if (c.kind === "service_token") {
      // Who asked for it and who confirmed it (and is shown its value) can both act through it.
      const holders = [{ person: requester, how: "asked" as const }, ...(who.actor ? [{ person: who.actor, how: "confirmed" as const }] : [])];
      serviceToken = await issueToken({ db: tx, ip: ctx.ip }, c.service_account.id, { expires_in_days: c.expires_in_days, rate_per_minute: c.rate_per_minute }, requester, detail, holders);
    } else if (c.kind === "approval_policy") {
      const now = await getApprovalPolicy(tx, ctx.defaultExpiryHours);
      if (!samePolicy(policyOf(now), c.in_force)) throw new PendingChangeError("stale", "The approval policy changed since this change was asked for");
      await saveApprovalPolicy(tx, c.proposed, requester, ctx.ip ?? null, ctx.defaultExpiryHours, { by: who.label, askedAt: new Date(view.requested_at), at: decidedAt });
    } else if (c.kind === "new_account") {
      const made = await inviteUser({ email: c.email, name: c.name ?? undefined, role: c.role }, { db: tx, actor: requester, ip: ctx.ip, auditDetail: detail });
      token = made.token;
      user = made.user;
    } else if (c.kind === "revoke_passkeys") {
      if (!view.target_user_id) throw new PendingChangeError("not_found", "The account of this change is gone");
      await revokePasskeys(tx, view.target_user_id, { actor: requester, ip: ctx.ip, auditDetail: detail });
    } else {
      if (!view.target_user_id) throw new PendingChangeError("not_found", "The account of this change is gone");
      const change: UserChange =
        c.kind === "role" ? { role: c.to } : c.kind === "password_link" ? { newPasswordLink: true } : c.kind === "reactivate" ? { deactivated: false } : { resetSecondFactor: true };
      const result = await changeUser(view.target_user_id, change, { db: tx, actor: requester, ip: ctx.ip, auditDetail: detail, defaultExpiryHours: ctx.defaultExpiryHours });
      token = result.token;
      user = result.user;
    }
    const decided = await markDecided(tx, id, "confirmed", who, decidedAt);
    await recordAudit({ actor: who.actor, action: "admin_change.confirm", target: view.target_email ?? c.kind, outcome: "confirmed", detail: { pending_change: id, change: c, requested_by: requester.email, via: ctx.via ?? "web" }, ip: ctx.ip }, tx);
    return { change: decided, token, user, serviceToken };
  });
}

/** Refuses a change: nothing of it happens; the decision is kept and audited. */
export async function refusePendingChange(ctx: Context, id: string, decider: Decider): Promise<PendingChangeView> {
  await openChange(ctx, id, decider, "admin_change.refuse");
  const who = deciderLabel(decider);
  return ctx.db.transaction(async (tx) => {
    const row = await lockPendingChange(tx, id);
    if (!row || row.state !== "pending") throw new PendingChangeError("not_pending", `The change ${id} was decided meanwhile`);
    const view = toView(row);
    const decided = await markDecided(tx, id, "refused", who, new Date());
    await recordAudit({ actor: who.actor, action: "admin_change.refuse", target: view.target_email ?? view.change.kind, outcome: "refused", detail: { pending_change: id, change: view.change, requested_by: view.requested_by.email, via: ctx.via ?? "web" }, ip: ctx.ip }, tx);
    return decided;
  });
}
