import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { rolesFor, type Role } from "@/lib/auth/roles";
import type { Tx } from "@/lib/db";
import { authUser, mailPreferences } from "@/lib/db/schema";
import { resolveLocale, type Locale } from "@/lib/i18n/config";
import { MAIL_KIND_PERMISSION, type MailKind } from "./rules";

export type Recipient = { id: string; email: string; role: Role; locale: Locale };

/**
 * Active people who may receive this kind of e-mail (their role) and did not turn it off on
 * their profile, in their own language. `roles` narrows the roles further, `ids` to these people.
 */
export async function recipientsOf(tx: Tx, kind: MailKind, o: { roles?: readonly Role[]; ids?: readonly string[] } = {}): Promise<Recipient[]> {
  const roles = (o.roles ?? rolesFor(MAIL_KIND_PERMISSION[kind])).filter((r) => rolesFor(MAIL_KIND_PERMISSION[kind]).includes(r));
  if (!roles.length || (o.ids && !o.ids.length)) return [];
  const rows = await tx
    .select({ id: authUser.id, email: authUser.email, role: authUser.role, locale: authUser.locale, muted: mailPreferences.muted })
    .from(authUser)
    .leftJoin(mailPreferences, eq(mailPreferences.userId, authUser.id))
    .where(and(isNull(authUser.deactivatedAt), inArray(authUser.role, [...roles]), o.ids ? inArray(authUser.id, [...o.ids]) : undefined))
    .orderBy(authUser.email);
  return rows
    .filter((r) => !(r.muted ?? []).includes(kind))
    .map((r) => ({ id: r.id, email: r.email, role: r.role as Role, locale: resolveLocale(r.locale) }));
}
