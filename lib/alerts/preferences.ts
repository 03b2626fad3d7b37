import "server-only";
import { eq } from "drizzle-orm";
import { can, type Role } from "@/lib/auth/roles";
import type { Db } from "@/lib/db";
import { mailPreferences } from "@/lib/db/schema";
import { MAIL_KIND_PERMISSION, MAIL_KINDS, type MailKind } from "./rules";

/** One e-mail a person may get and whether they want it (on by default). */
export type MailChoice = { kind: MailKind; enabled: boolean };

/** The e-mails this role may get, each with the person's choice. */
export async function getMailChoices(db: Db, user: { id: string; role: Role }): Promise<MailChoice[]> {
  const [row] = await db.select().from(mailPreferences).where(eq(mailPreferences.userId, user.id));
  const muted = new Set(row?.muted ?? []);
  return MAIL_KINDS.filter((kind) => can(user.role, MAIL_KIND_PERMISSION[kind])).map((kind) => ({ kind, enabled: !muted.has(kind) }));
}

/** A person's choices (kinds not given keep theirs). */
export async function saveMailChoices(db: Db, user: { id: string; role: Role }, choices: Partial<Record<MailKind, boolean>>, now = new Date()): Promise<MailChoice[]> {
  const [row] = await db.select().from(mailPreferences).where(eq(mailPreferences.userId, user.id));
  const muted = new Set(row?.muted ?? []);
  for (const kind of MAIL_KINDS) {
    const wanted = choices[kind];
    if (wanted === true) muted.delete(kind);
    if (wanted === false) muted.add(kind);
  }
  const value = [...muted].sort();
  await db.insert(mailPreferences).values({ userId: user.id, muted: value, updatedAt: now }).onConflictDoUpdate({ target: mailPreferences.userId, set: { muted: value, updatedAt: now } });
  return getMailChoices(db, user);
}
