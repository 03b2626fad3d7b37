import "server-only";
import { and, eq, gte, isNotNull, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { chargeReminders, charges, type ChargeRow } from "@/lib/db/schema";
import { logLine } from "@/lib/http/logger";
import { isLocale } from "@/lib/i18n/config";
import { isPermanentSmtpError, type SendMail } from "@/lib/mail/smtp";
import { addBrazilDays, brazilDayKey, brazilInstant } from "@/lib/pix/time";
import { chargeEmail, type ChargeMailKind } from "./mail";
import type { ChargeIssuer } from "./service";
import { chargeDetail } from "./store";
import { appendChargeEvent } from "./transition";

export type ReminderKind = "before" | "due_day";

/** Reminders sent per run at most: the reconciler runs every minute. */
export const REMINDERS_PER_RUN = 50;

const MAIL_KIND: Record<ReminderKind, ChargeMailKind> = { before: "reminder", due_day: "dueToday" };

/** `day` moved by `n` Brazil days ("YYYY-MM-DD"). */
function shiftDay(day: string, n: number): string {
  return brazilDayKey(addBrazilDays(brazilInstant(day, "12:00")!, n));
}

/**
 * Which reminder a charge is owed today, if any. `before` from `days` before the due date until
 * the day before it (a tick that missed the first day still sends it), `due_day` on the due date;
 * only for a charge that already existed when that reminder's day began, so a charge made close to
 * its due date is not followed at once by a reminder of itself.
 */
export function reminderDue(row: Pick<ChargeRow, "dueDate" | "createdAt">, today: string, days: number): ReminderKind | null {
  if (days <= 0) return null;
  const made = brazilDayKey(row.createdAt);
  if (row.dueDate === today) return made < today ? "due_day" : null;
  const from = shiftDay(row.dueDate, -days);
  if (row.dueDate > today && from <= today) return made < from ? "before" : null;
  return null;
}

type ReminderDeps = { sendMail: SendMail; issuer: ChargeIssuer; days: number; now?: Date; limit?: number };

/**
 * The reminders' part of the reconciler tick: each charge awaiting payment with a payer e-mail is
 * e-mailed `days` before its due date and on the due date, each once. The reminder's row
 * (charge_reminders, one per charge and kind) is written before the e-mail leaves, so two
 * instances never both send it; a refusal by the mail server removes it and a later tick tries
 * again (a permanent refusal, such as no such mailbox, keeps it and is audited as a failure). A
 * process that stops between the two leaves the row: that reminder is not sent twice, at worst
 * not at all.
 */
export async function sendChargeReminders(db: Db, deps: ReminderDeps): Promise<{ sent: number; failed: number }> {
  const counts = { sent: 0, failed: 0 };
  if (deps.days <= 0) return counts;
  const now = deps.now ?? new Date();
  const today = brazilDayKey(now);
  // reminderDue in SQL, so charges owed nothing (reminded already, made late) never crowd out those owed one.
  const dayStart = (day: SQL) => sql`((${day})::timestamp at time zone 'America/Sao_Paulo')`;
  const kindOwed = sql`case when ${charges.dueDate} = ${today} then 'due_day' else 'before' end`;
  const madeInTime = sql`${charges.createdAt} < case when ${charges.dueDate} = ${today} then ${dayStart(sql`${today}::date`)} else ${dayStart(sql`${charges.dueDate}::date - ${deps.days}::int`)} end`;
  const notSent = sql`not exists (select 1 from ${chargeReminders} r where r.charge_id = ${charges.id} and r.kind = ${kindOwed})`;
  const rows = await db
    .select()
    .from(charges)
    .where(and(eq(charges.state, "awaiting_payment"), isNotNull(charges.payerEmail), gte(charges.dueDate, today), lte(charges.dueDate, shiftDay(today, deps.days)), madeInTime, notSent))
    .orderBy(charges.dueDate, charges.id)
    .limit(deps.limit ?? REMINDERS_PER_RUN);
  for (const row of rows) {
    const kind = reminderDue(row, today, deps.days);
    if (!kind) continue;
    if (await remind(db, row, kind, deps, now)) counts.sent++;
    else counts.failed++;
  }
  return counts;
}

async function remind(db: Db, row: ChargeRow, kind: ReminderKind, deps: ReminderDeps, now: Date): Promise<boolean> {
  const to = row.payerEmail!;
  const claimed = await db.insert(chargeReminders).values({ chargeId: row.id, kind, to, sentAt: now }).onConflictDoNothing().returning();
  if (!claimed[0]) return true; // another instance has it
  const locale = row.payerLocale && isLocale(row.payerLocale) ? row.payerLocale : "pt-BR";
  try {
    const charge = await chargeDetail(db, row);
    await deps.sendMail(await chargeEmail({ ...charge, payer_email: to }, { locale, issuer: deps.issuer, kind: MAIL_KIND[kind], issuedAt: now }));
  } catch (error) {
    const message = String((error as Error)?.message ?? error);
    logLine("warn", "a charge reminder could not be e-mailed", { charge_id: row.id, kind, error: message });
    if (isPermanentSmtpError(error)) {
      // "Never" (no such mailbox): the row stays, so it is not tried every minute; a person sees why in the audit log.
      await recordAudit({ actor: null, action: "charge.remind", target: row.id, outcome: "failure", detail: { external_reference: row.externalReference, kind, to, error: message } }, db);
    } else {
      await db.delete(chargeReminders).where(and(eq(chargeReminders.chargeId, row.id), eq(chargeReminders.kind, kind)));
    }
    return false;
  }
  await db.transaction(async (tx) => {
    await appendChargeEvent(tx, row.id, { from: "awaiting_payment", to: "awaiting_payment", actorEmail: null, note: { key: `charges.events.reminded.${MAIL_KIND[kind]}`, values: { to } }, at: now });
    await recordAudit({ actor: null, action: "charge.remind", target: row.id, outcome: "success", detail: { external_reference: row.externalReference, kind, to, locale } }, tx);
  });
  return true;
}
