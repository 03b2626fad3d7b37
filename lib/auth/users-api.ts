import "server-only";
import { count, inArray } from "drizzle-orm";
import { getDb, type Db } from "@/lib/db";
import { authAccount } from "@/lib/db/schema/auth";
import { authPasskey } from "@/lib/db/schema/devices";
import type { UserChange } from "@/lib/db/users-admin";
import { UserError, type UserSummary } from "@/lib/db/users";
import { jsonError } from "@/lib/http/errors";
import type { Translator } from "@/lib/i18n/server";
import { secondFactorRequired } from "./second-factor";
import type { UserChangeInput, UserView } from "./user-view";

/** Users as /api/users shows them, with whether each has a password yet and how many passkeys. */
export async function toUserViews(users: UserSummary[], db?: Db): Promise<UserView[]> {
  if (users.length === 0) return [];
  const store = db ?? (await getDb());
  const withPassword = await store
    .select({ userId: authAccount.userId })
    .from(authAccount)
    .where(inArray(authAccount.userId, users.map((u) => u.id)));
  const has = new Set(withPassword.filter(Boolean).map((a) => a.userId));
  const keys = await store
    .select({ userId: authPasskey.userId, n: count() })
    .from(authPasskey)
    .where(inArray(authPasskey.userId, users.map((u) => u.id)))
    .groupBy(authPasskey.userId);
  const passkeys = new Map(keys.map((k) => [k.userId, Number(k.n)]));
  return users.map((u) => ({
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    createdAt: u.createdAt.toISOString(),
    deactivatedAt: u.deactivatedAt ? u.deactivatedAt.toISOString() : null,
    twoFactorEnabled: u.twoFactorEnabled,
    secondFactorRequired: secondFactorRequired(u.role),
    hasPassword: has.has(u.id),
    passkeys: passkeys.get(u.id) ?? 0,
  }));
}

export async function toUserView(user: UserSummary, db?: Db): Promise<UserView> {
  const [view] = await toUserViews([user], db);
  if (!view) throw new Error("unreachable: one user in, one view out");
  return view;
}

/** The one change a PATCH body names (the schema made sure there is exactly one). */
export function toUserChange(input: UserChangeInput): UserChange {
  if (input.role !== undefined) return { role: input.role };
  if (input.deactivated !== undefined) return { deactivated: input.deactivated };
  if (input.resetSecondFactor) return { resetSecondFactor: true };
  if (input.endSessions) return { endSessions: true };
  return { newPasswordLink: true };
}

const STATUS: Record<UserError["code"], number> = {
  invalid_email: 422,
  unknown_role: 422,
  password_too_short: 422,
  password_too_long: 422,
  email_taken: 409,
  not_found: 404,
  last_admin: 409,
  own_account: 403,
  cancelled: 400,
  invalid: 422,
};
const FIELD: Partial<Record<UserError["code"], string>> = { invalid_email: "email", unknown_role: "role", email_taken: "email" };

/** A refused user change as a JSON answer in the caller's language; other errors go on up. */
export function userErrorResponse(error: unknown, t: Translator, email?: string): Response | null {
  if (!(error instanceof UserError)) return null;
  const key = error.code === "password_too_short" || error.code === "password_too_long" || error.code === "cancelled" ? "invalid" : error.code;
  const message = t(`users.errors.${key}`, { email: email ?? "" });
  const field = FIELD[error.code];
  const status = STATUS[error.code];
  return jsonError(status, message, { kind: status === 409 ? "conflict" : status === 404 ? "not_found" : status === 403 ? "forbidden" : "validation", ...(field ? { fields: { [field]: message } } : {}) });
}
