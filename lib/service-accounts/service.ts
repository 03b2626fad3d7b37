import "server-only";
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import type { PendingChangeView } from "@/lib/admin-changes/types";
import type { Actor } from "@/lib/domain/actor";
import { ApiError } from "@/lib/http/api-error";
import type { ServiceAccountView, ServiceTokenView } from "./answers";
import { DEFAULT_TOKEN_RATE_PER_MINUTE, SERVICE_ACCOUNT_ID_PREFIX, serviceAccountLabel, type ServiceAccountRole } from "./ids";
import type { RateState } from "@/lib/http/rate-limit-headers";
import type { NewServiceAccount, NewToken } from "./schema";
import { countRequest, findAccount, findTokenByHash, insertAccount, insertToken, listAccounts, markRevoked, toTokenView } from "./store";
import { hashToken, newTokenValue, tokenPrefix } from "./token";
import { recordHolders } from "./holders";
import { policyInForce } from "@/lib/transfers/server/policy-store";
import { reviewUnsent } from "@/lib/transfers/server/send-check-store";

/**
 * Service accounts and their tokens: admins create them (audited, with their audit row in the
 * same transaction); a token's value is shown once and only its hash kept. A token for a role
 * that may create transfers (operator) waits for a second admin (lib/admin-changes), whose
 * confirmation issues it (issueToken) and shows the value to them once.
 */
type Ctx = { db: Db; ip?: string | null };

/** Roles whose tokens move money: their issue waits for a second admin. */
export const MONEY_SERVICE_ROLES: readonly ServiceAccountRole[] = ["operator"];

export { listAccounts as listServiceAccounts };

export async function createServiceAccount(ctx: Ctx, input: NewServiceAccount, admin: Actor): Promise<Pick<ServiceAccountView, "id" | "name" | "role">> {
  return ctx.db.transaction(async (tx) => {
    const row = await insertAccount(tx, { id: `${SERVICE_ACCOUNT_ID_PREFIX}${randomUUID()}`, name: input.name, role: input.role, createdById: admin.id, createdByEmail: admin.email });
    await recordAudit({ actor: admin, action: "service_account.create", target: serviceAccountLabel(row.name), outcome: "success", detail: { service_account: row.id, role: row.role }, ip: ctx.ip }, tx);
    return { id: row.id, name: row.name, role: row.role as ServiceAccountRole };
  });
}

export type IssuedToken = { id: string; value: string; expires_at: string | null; rate_per_minute: number };

/**
 * Issues a token now (viewer, support), or asks a second admin (operator): `ask` stores the
 * pending change (lib/admin-changes/service.ts passes it, so this module does not import it).
 */
export async function issueTokenOrAsk(
  ctx: Ctx,
  accountId: string,
  input: NewToken,
  admin: Actor,
  ask: (payload: { service_account: { id: string; name: string }; role: ServiceAccountRole; expires_in_days: number | null; rate_per_minute: number }) => Promise<PendingChangeView>,
): Promise<{ applied: IssuedToken } | { pending: PendingChangeView }> {
  const account = await findAccount(ctx.db, accountId);
  if (!account) throw new ApiError("not_found", "serviceAccounts.errors.notFound");
  const role = account.role as ServiceAccountRole;
  const rate = input.rate_per_minute ?? DEFAULT_TOKEN_RATE_PER_MINUTE;
  if (MONEY_SERVICE_ROLES.includes(role)) {
    return { pending: await ask({ service_account: { id: account.id, name: account.name }, role, expires_in_days: input.expires_in_days ?? null, rate_per_minute: rate }) };
  }
  return { applied: await issueToken(ctx, accountId, { expires_in_days: input.expires_in_days ?? null, rate_per_minute: rate }, admin, {}) };
}

/** A person who can act through a token: who asked for it, confirmed it or issued it at once (each was, or could be, shown it). */
export type TokenHolder = { person: Actor; how: "asked" | "confirmed" | "issued" };

/**
 * Makes the token (in the caller's transaction when given one) and audits it; the value leaves
 * only in the answer. Its holders are recorded with it: none of them may approve what the
 * account makes (lib/transfers/server/who-decides.ts), and what it made and was not sent yet is
 * checked again now (an approval by one of them no longer counts).
 */
export async function issueToken(
  ctx: Ctx,
  accountId: string,
  input: { expires_in_days: number | null; rate_per_minute: number },
  issuer: Actor,
  auditDetail: Record<string, unknown>,
  holders: readonly TokenHolder[] = [{ person: issuer, how: "issued" }],
  now = new Date(),
): Promise<IssuedToken> {
  const write = async (tx: Parameters<Parameters<Db["transaction"]>[0]>[0] | Db) => {
    const account = await findAccount(tx, accountId);
    if (!account) throw new ApiError("not_found", "serviceAccounts.errors.notFound");
    const value = newTokenValue();
    const expiresAt = input.expires_in_days ? new Date(now.getTime() + input.expires_in_days * 86_400_000) : null;
    const row = await insertToken(tx, {
      id: randomUUID(),
      serviceAccountId: account.id,
      tokenHash: hashToken(value),
      prefix: tokenPrefix(value),
      createdById: issuer.id,
      createdByEmail: issuer.email,
      createdAt: now,
      expiresAt,
      ratePerMinute: input.rate_per_minute,
    });
    await recordHolders(tx, account.id, row.id, holders, now);
    await reviewUnsent(tx, { serviceAccountId: account.id }, { policy: await policyInForce(tx), now, actor: issuer, cause: "service_account.token_issue" });
    await recordAudit(
      {
        actor: issuer,
        action: "service_account.token_issue",
        target: serviceAccountLabel(account.name),
        outcome: "success",
        detail: { service_account: account.id, token: row.id, prefix: row.prefix, expires_at: expiresAt?.toISOString() ?? null, holders: holders.map((h) => ({ email: h.person.email, how: h.how })), ...auditDetail },
        ip: ctx.ip,
      },
      tx,
    );
    return { id: row.id, value, expires_at: expiresAt?.toISOString() ?? null, rate_per_minute: row.ratePerMinute };
  };
  return ctx.db.transaction(write);
}

export async function revokeToken(ctx: Ctx, accountId: string, tokenId: string, admin: Actor, now = new Date()): Promise<ServiceTokenView> {
  return ctx.db.transaction(async (tx) => {
    const account = await findAccount(tx, accountId);
    const row = account ? await markRevoked(tx, accountId, tokenId, admin.email, now) : null;
    if (!account || !row) throw new ApiError("not_found", "serviceAccounts.errors.tokenNotFound");
    // What the token made and was not sent yet is held now, not on its send day.
    await reviewUnsent(tx, { serviceAccountId: account.id }, { policy: await policyInForce(tx), now, actor: admin, cause: "service_account.token_revoke" });
    await recordAudit({ actor: admin, action: "service_account.token_revoke", target: serviceAccountLabel(account.name), outcome: "success", detail: { service_account: account.id, token: row.id, prefix: row.prefix }, ip: ctx.ip }, tx);
    return toTokenView(row);
  });
}

/** Who a bearer token speaks for, or why not. */
export type BearerVerdict =
  | { ok: true; account: { id: string; name: string; role: ServiceAccountRole }; tokenId: string; rate: RateState }
  | { ok: false; reason: "unknown" | "revoked" | "expired" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number; rate: RateState };

/**
 * Reads a bearer token: unknown, revoked or expired tokens are refused alike to the caller (401);
 * a known one is counted against its minute (429 with Retry-After past its rate).
 */
export async function authenticateToken(db: Db, value: string, now = new Date()): Promise<BearerVerdict> {
  const found = await findTokenByHash(db, hashToken(value));
  if (!found) return { ok: false, reason: "unknown" };
  const { token, account } = found;
  if (token.revokedAt) return { ok: false, reason: "revoked" };
  if (token.expiresAt && token.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  const used = await countRequest(db, token.id, now);
  const resetSeconds = Math.max(1, Math.ceil((used.windowStartedAt.getTime() + 60_000 - now.getTime()) / 1000));
  const rate: RateState = { policy: "token", quota: token.ratePerMinute, windowSeconds: 60, remaining: Math.max(0, token.ratePerMinute - used.count), resetSeconds };
  if (used.count > token.ratePerMinute) return { ok: false, reason: "rate_limited", retryAfterSeconds: resetSeconds, rate };
  return { ok: true, account: { id: account.id, name: account.name, role: account.role as ServiceAccountRole }, tokenId: token.id, rate };
}
