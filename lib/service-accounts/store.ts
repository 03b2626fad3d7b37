import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { serviceAccounts, serviceTokens, type ServiceAccountRow, type ServiceTokenRow } from "@/lib/db/schema";
import type { ServiceAccountView, ServiceTokenView } from "./answers";
import type { ServiceAccountRole } from "./ids";

/** Rows of service accounts and their tokens; lib/service-accounts/service.ts decides and audits. */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toTokenView(row: ServiceTokenRow): ServiceTokenView {
  return {
    id: row.id,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdByEmail,
    expires_at: iso(row.expiresAt),
    revoked_at: iso(row.revokedAt),
    last_used_at: iso(row.lastUsedAt),
    rate_per_minute: row.ratePerMinute,
  };
}

export function toAccountView(row: ServiceAccountRow, tokens: ServiceTokenRow[]): ServiceAccountView {
  return {
    id: row.id,
    name: row.name,
    role: row.role as ServiceAccountRole,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdByEmail,
    tokens: tokens.map(toTokenView),
  };
}

export async function insertAccount(tx: Tx, row: typeof serviceAccounts.$inferInsert): Promise<ServiceAccountRow> {
  const [inserted] = await tx.insert(serviceAccounts).values(row).returning();
  return inserted!;
}

export async function findAccount(db: Db | Tx, id: string): Promise<ServiceAccountRow | null> {
  const [row] = await db.select().from(serviceAccounts).where(eq(serviceAccounts.id, id));
  return row ?? null;
}

export async function listAccounts(db: Db): Promise<ServiceAccountView[]> {
  const [accounts, tokens] = await Promise.all([
    db.select().from(serviceAccounts).orderBy(asc(serviceAccounts.name)),
    db.select().from(serviceTokens).orderBy(asc(serviceTokens.createdAt)),
  ]);
  return accounts.map((a) => toAccountView(a, tokens.filter((t) => t.serviceAccountId === a.id)));
}

export async function insertToken(tx: Tx, row: typeof serviceTokens.$inferInsert): Promise<ServiceTokenRow> {
  const [inserted] = await tx.insert(serviceTokens).values(row).returning();
  return inserted!;
}

export async function markRevoked(tx: Tx, accountId: string, tokenId: string, by: string, now: Date): Promise<ServiceTokenRow | null> {
  const [row] = await tx
    .update(serviceTokens)
    .set({ revokedAt: sql`coalesce(${serviceTokens.revokedAt}, ${now.toISOString()}::timestamptz)`, revokedByEmail: sql`coalesce(${serviceTokens.revokedByEmail}, ${by})` })
    .where(and(eq(serviceTokens.id, tokenId), eq(serviceTokens.serviceAccountId, accountId)))
    .returning();
  return row ?? null;
}

export async function findTokenByHash(db: Db, hash: string): Promise<{ token: ServiceTokenRow; account: ServiceAccountRow } | null> {
  const [row] = await db
    .select({ token: serviceTokens, account: serviceAccounts })
    .from(serviceTokens)
    .innerJoin(serviceAccounts, eq(serviceAccounts.id, serviceTokens.serviceAccountId))
    .where(eq(serviceTokens.tokenHash, hash));
  return row ?? null;
}

/**
 * Counts one request against the token's current minute, in one statement (every instance shares
 * the count), and notes its last use. Returns the count in this window and when the window began.
 */
export async function countRequest(db: Db, tokenId: string, now: Date): Promise<{ count: number; windowStartedAt: Date }> {
  const t = serviceTokens;
  const fresh = sql`${t.windowStartedAt} is null or ${t.windowStartedAt} <= ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz`;
  const [row] = await db
    .update(t)
    .set({
      windowCount: sql`case when ${fresh} then 1 else ${t.windowCount} + 1 end`,
      windowStartedAt: sql`case when ${fresh} then ${now.toISOString()}::timestamptz else ${t.windowStartedAt} end`,
      lastUsedAt: now,
    })
    .where(eq(t.id, tokenId))
    .returning({ count: t.windowCount, windowStartedAt: t.windowStartedAt });
  return { count: row?.count ?? 0, windowStartedAt: row?.windowStartedAt ?? now };
}
