import "server-only";
import { asc, eq } from "drizzle-orm";
import { generateId } from "better-auth";
import { hashPassword } from "better-auth/crypto";
import { isRole, type Role } from "@/lib/auth/roles";
import { recordAudit } from "./audit";
import { getDb, type Db } from "./index";
import { authAccount, authUser } from "./schema/auth";

/**
 * Staff accounts. Nobody signs up: accounts are made here (by the users CLI, the sandbox demo
 * accounts, later an admin screen). The password is stored as Better Auth's own scrypt hash on
 * a "credential" account, exactly as its email sign-in expects.
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type UserSummary = { id: string; email: string; name: string; role: Role; createdAt: Date };
export type Actor = { id: string; email: string } | null;

export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UserError";
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function assertValidEmail(email: string): void {
  if (!EMAIL.test(email)) throw new UserError(`"${email}" is not an email address`);
}

export function assertValidPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new UserError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new UserError(`The password must have at most ${MAX_PASSWORD_LENGTH} characters`);
  }
}

function toSummary(row: typeof authUser.$inferSelect): UserSummary {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: isRole(row.role) ? row.role : "viewer",
    createdAt: row.createdAt,
  };
}

export async function findUserByEmail(email: string, db?: Db): Promise<UserSummary | null> {
  const store = db ?? (await getDb());
  const rows = await store.select().from(authUser).where(eq(authUser.email, normalizeEmail(email)));
  return rows[0] ? toSummary(rows[0]) : null;
}

export async function listUsers(db?: Db): Promise<UserSummary[]> {
  const store = db ?? (await getDb());
  const rows = await store.select().from(authUser).orderBy(asc(authUser.email));
  return rows.map(toSummary);
}

export type NewUser = { email: string; role: Role; password: string; name?: string };

/** Creates a user with a password. Throws UserError when the email is taken or input is bad. */
export type UserChangeOptions = {
  actor?: Actor;
  db?: Db;
  /** Extra facts for the audit entry, e.g. `{ via: "cli", os_user: "maria" }`. */
  auditDetail?: Record<string, unknown>;
};

export async function createUser(input: NewUser, options: UserChangeOptions = {}): Promise<UserSummary> {
  const store = options.db ?? (await getDb());
  const email = normalizeEmail(input.email);
  assertValidEmail(email);
  if (!isRole(input.role)) throw new UserError(`Unknown role "${String(input.role)}"`);
  assertValidPassword(input.password);
  if (await findUserByEmail(email, store)) throw new UserError(`A user with email ${email} already exists`);

  const id = generateId();
  const password = await hashPassword(input.password);
  const now = new Date();
  await store.transaction(async (tx) => {
    await tx.insert(authUser).values({
      id,
      email,
      name: input.name?.trim() || email.split("@")[0] || email,
      emailVerified: true,
      role: input.role,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(authAccount).values({
      id: generateId(),
      accountId: id,
      providerId: "credential",
      userId: id,
      password,
      createdAt: now,
      updatedAt: now,
    });
  });
  await recordAudit(
    {
      actor: options.actor ?? null,
      action: "user.create",
      target: email,
      outcome: "success",
      detail: { role: input.role, ...options.auditDetail },
    },
    store,
  );
  const created = await findUserByEmail(email, store);
  if (!created) throw new UserError(`Could not read back the new user ${email}`);
  return created;
}

/** Changes a user's role (audited as user.role_change). Takes effect on the user's next request. */
export async function setUserRole(email: string, role: Role, options: UserChangeOptions = {}): Promise<{ user: UserSummary; previous: Role }> {
  const store = options.db ?? (await getDb());
  if (!isRole(role)) throw new UserError(`Unknown role "${String(role)}"`);
  const user = await findUserByEmail(email, store);
  if (!user) throw new UserError(`No user with email ${normalizeEmail(email)}`);
  await store.update(authUser).set({ role, updatedAt: new Date() }).where(eq(authUser.id, user.id));
  await recordAudit(
    {
      actor: options.actor ?? null,
      action: "user.role_change",
      target: user.email,
      outcome: "success",
      detail: { from: user.role, to: role, ...options.auditDetail },
    },
    store,
  );
  return { user: { ...user, role }, previous: user.role };
}
