import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, like } from "drizzle-orm";
import { generateId } from "better-auth";
import { hashPassword } from "better-auth/crypto";
import { isRole, type Role } from "@/lib/auth/roles";
import { recordAudit } from "./audit";
import { getDb, type Db } from "./index";
import { authAccount, authUser, authVerification } from "./schema/auth";
import type { Actor } from "@/lib/domain/actor";

/**
 * Staff accounts. Nobody signs up: accounts are made here (by the users CLI, the sandbox demo
 * accounts, the admins' /users page). The password is stored as Better Auth's own scrypt hash
 * on a "credential" account, exactly as its email sign-in expects; an account made from the
 * /users page has no password until its owner opens the one-time set-password link.
 * Every change is written with its audit row in one transaction: no row, no change.
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
/** How long a set-password link works. */
export const SET_PASSWORD_LINK_TTL_HOURS = 72;
/** Better Auth's identifier prefix of the tokens its /reset-password endpoint consumes. */
export const SET_PASSWORD_PREFIX = "reset-password:";
/** How such an identifier is stored: hashed, under a prefix of ours so a user's links can be found. */
const STORED_LINK_PREFIX = "set-password:";
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type UserSummary = {
  id: string;
  email: string;
  name: string;
  role: Role;
  createdAt: Date;
  deactivatedAt: Date | null;
  twoFactorEnabled: boolean;
  locale: string | null;
  /** The last instant it left a money role (lib/admin-changes/rules.ts heldMoneyRoleRecently). */
  moneyRoleUntil: Date | null;
};


type UserErrorCode =
  | "own_account"
  | "invalid_email"
  | "unknown_role"
  | "password_too_short"
  | "password_too_long"
  | "email_taken"
  | "not_found"
  | "last_admin"
  | "cancelled"
  | "invalid";

export class UserError extends Error {
  readonly code: UserErrorCode;
  constructor(message: string, code: UserErrorCode = "invalid") {
    super(message);
    this.name = "UserError";
    this.code = code;
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function assertValidEmail(email: string): void {
  if (!EMAIL.test(email) || email.length > 254) throw new UserError(`"${email}" is not an email address`, "invalid_email");
}

function assertValidPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new UserError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters`, "password_too_short");
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new UserError(`The password must have at most ${MAX_PASSWORD_LENGTH} characters`, "password_too_long");
  }
}

function toSummary(row: typeof authUser.$inferSelect): UserSummary {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: isRole(row.role) ? row.role : "viewer",
    createdAt: row.createdAt,
    deactivatedAt: row.deactivatedAt ?? null,
    twoFactorEnabled: row.twoFactorEnabled,
    locale: row.locale ?? null,
    moneyRoleUntil: row.moneyRoleUntil ?? null,
  };
}

export async function findUserByEmail(email: string, db?: Db): Promise<UserSummary | null> {
  const store = db ?? (await getDb());
  const rows = await store.select().from(authUser).where(eq(authUser.email, normalizeEmail(email)));
  return rows[0] ? toSummary(rows[0]) : null;
}

export async function findUserById(id: string, db?: Db): Promise<UserSummary | null> {
  const store = db ?? (await getDb());
  const rows = await store.select().from(authUser).where(eq(authUser.id, id));
  return rows[0] ? toSummary(rows[0]) : null;
}

export async function listUsers(db?: Db): Promise<UserSummary[]> {
  const store = db ?? (await getDb());
  const rows = await store.select().from(authUser).orderBy(asc(authUser.email));
  return rows.map(toSummary);
}

type NewUser = { email: string; role: Role; password: string; name?: string };

export type UserChangeOptions = {
  actor?: Actor | null;
  db?: Db;
  /** Extra facts for the audit entry, e.g. `{ via: "cli", os_user: "maria" }`. */
  auditDetail?: Record<string, unknown>;
  /** The caller's address, for the audit entry. */
  ip?: string | null;
  /** The default policy's expiry (APPROVAL_EXPIRY_HOURS) while none was saved: for transfers sent back for approval. */
  defaultExpiryHours?: number;
};

type NewAccount = { email: string; role: Role; name?: string };

function checkNewAccount(input: NewAccount): string {
  const email = normalizeEmail(input.email);
  assertValidEmail(email);
  if (!isRole(input.role)) throw new UserError(`Unknown role "${String(input.role)}"`, "unknown_role");
  return email;
}

async function insertUser(tx: Db, id: string, email: string, input: NewAccount, now: Date): Promise<void> {
  if ((await tx.select({ id: authUser.id }).from(authUser).where(eq(authUser.email, email))).length > 0) {
    throw new UserError(`A user with email ${email} already exists`, "email_taken");
  }
  await tx.insert(authUser).values({
    id,
    email,
    name: input.name?.trim() || email.split("@")[0] || email,
    emailVerified: true,
    role: input.role,
    createdAt: now,
    updatedAt: now,
  });
}

/** Creates a user with a password (the CLI, the demo accounts). Throws UserError on bad input. */
export async function createUser(input: NewUser, options: UserChangeOptions = {}): Promise<UserSummary> {
  const store = options.db ?? (await getDb());
  const email = checkNewAccount(input);
  assertValidPassword(input.password);
  const id = generateId();
  const password = await hashPassword(input.password);
  const now = new Date();
  await store.transaction(async (tx) => {
    await insertUser(tx, id, email, input, now);
    await tx.insert(authAccount).values({ id: generateId(), accountId: id, providerId: "credential", userId: id, password, createdAt: now, updatedAt: now });
    await recordAudit({ actor: options.actor ?? null, action: "user.create", target: email, outcome: "success", detail: { role: input.role, ...options.auditDetail }, ip: options.ip }, tx);
  });
  const created = await findUserById(id, store);
  if (!created) throw new UserError(`Could not read back the new user ${email}`);
  return created;
}

/** The stored form of a set-password identifier (auth.ts tells Better Auth to look it up this way). */
export async function storedLinkIdentifier(identifier: string): Promise<string> {
  return `${STORED_LINK_PREFIX}${createHash("sha256").update(identifier).digest("base64url")}`;
}

/**
 * A new one-time set-password token for a user, replacing any earlier one. Only its hash is
 * stored; the token itself goes to the admin once. Runs inside the caller's transaction.
 */
export async function issueSetPasswordToken(tx: Db, userId: string, now: Date = new Date()): Promise<string> {
  await tx.delete(authVerification).where(and(eq(authVerification.value, userId), like(authVerification.identifier, `${STORED_LINK_PREFIX}%`)));
  const token = randomBytes(24).toString("base64url");
  await tx.insert(authVerification).values({
    id: generateId(),
    identifier: await storedLinkIdentifier(`${SET_PASSWORD_PREFIX}${token}`),
    value: userId,
    expiresAt: new Date(now.getTime() + SET_PASSWORD_LINK_TTL_HOURS * 3600_000),
    createdAt: now,
    updatedAt: now,
  });
  return token;
}

/** The page a set-password token opens. */
export function setPasswordUrl(appUrl: string, token: string): string {
  return new URL(`/login/set-password?token=${encodeURIComponent(token)}`, appUrl).toString();
}

/**
 * Creates a user without a password (the /users page): the answer carries a one-time token for
 * the set-password link, shown to the admin once (there is no mail server).
 */
export async function inviteUser(input: NewAccount, options: UserChangeOptions = {}): Promise<{ user: UserSummary; token: string }> {
  const store = options.db ?? (await getDb());
  const email = checkNewAccount(input);
  const id = generateId();
  const now = new Date();
  const token = await store.transaction(async (tx) => {
    await insertUser(tx, id, email, input, now);
    const issued = await issueSetPasswordToken(tx, id, now);
    await recordAudit(
      { actor: options.actor ?? null, action: "user.create", target: email, outcome: "success", detail: { role: input.role, set_password_link: true, ...options.auditDetail }, ip: options.ip },
      tx,
    );
    return issued;
  });
  const user = await findUserById(id, store);
  if (!user) throw new UserError(`Could not read back the new user ${email}`);
  return { user, token };
}

// The role change by email (the CLI) lives with the other admin changes.
export { setUserRole } from "./users-admin";
