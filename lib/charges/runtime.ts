import "server-only";
import type { Db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { configuredMailSender } from "@/lib/mail/sender";
import { sendChargeReminders } from "./reminders";

/** What making a charge needs from the configuration: who receives (the provider's generator) and where a link's page returns to. */
export function chargeDeps() {
  const env = getEnv();
  return { issuer: env.company, returnUrl: env.appUrl };
}

/** The reminders of the reconciler tick, with the configured mail and CHARGE_REMINDER_DAYS; nothing when either is off. */
export async function remindPayers(db: Db, now = new Date()) {
  const env = getEnv();
  if (env.charges.reminderDays <= 0) return { sent: 0, failed: 0 };
  const sendMail = await configuredMailSender(env);
  if (!sendMail) return { sent: 0, failed: 0 };
  return sendChargeReminders(db, { sendMail, issuer: env.company, days: env.charges.reminderDays, now });
}
