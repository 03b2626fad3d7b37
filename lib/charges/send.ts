import "server-only";
import { eq } from "drizzle-orm";
import { recordAudit } from "@/lib/db/audit";
import type { Db } from "@/lib/db";
import { charges } from "@/lib/db/schema";
import type { Actor } from "@/lib/domain/actor";
import type { Locale } from "@/lib/i18n/config";
import type { SendMail } from "@/lib/mail/smtp";
import { ApiError } from "@/lib/http/api-error";
import type { ChargeDetail } from "./answers";
import { chargeEmail } from "./mail";
import type { ChargeIssuer } from "./service";
import { getCharge } from "./store";
import { appendChargeEvent } from "./transition";

/** The mail server did not take the message (down, refused): nothing was recorded as sent. */
export class ChargeMailError extends Error {
  constructor(readonly cause: unknown) {
    super("charge e-mail not sent");
    this.name = "ChargeMailError";
  }
}

/**
 * A person e-mails a charge awaiting payment to its payer (in `locale`, Portuguese by default).
 * Refused (409) for a charge that is not awaiting payment or has no payer e-mail. Once the mail
 * server took it, the charge's timeline and the audit log say who sent it to whom; a failure is
 * audited too and answered as ChargeMailError.
 */
export async function sendChargeEmail(
  db: Db,
  id: string,
  actor: Actor,
  deps: { sendMail: SendMail; issuer: ChargeIssuer; locale: Locale; now?: () => Date },
): Promise<ChargeDetail> {
  const charge = await getCharge(db, id);
  if (!charge) throw new ApiError("not_found", "charges.errors.notFound");
  if (charge.state !== "awaiting_payment") throw new ApiError("illegal_state", "charges.errors.cannotSend", { state: charge.state });
  const to = charge.payer_email;
  if (!to) throw new ApiError("illegal_state", "charges.errors.noPayerEmail", {}, "payer_email");

  const detail = { external_reference: charge.external_reference, to, locale: deps.locale };
  const message = await chargeEmail({ ...charge, payer_email: to }, { locale: deps.locale, issuer: deps.issuer, kind: "charge" });
  try {
    await deps.sendMail(message);
  } catch (error) {
    await recordAudit({ actor, action: "charge.send", target: id, outcome: "failure", ip: actor.ip ?? null, detail: { ...detail, error: (error as Error)?.message ?? "unknown" } }, db);
    throw new ChargeMailError(error);
  }
  const now = deps.now?.() ?? new Date();
  await db.transaction(async (tx) => {
    // Reminders (reminders.ts) are written in the language the payer was last sent.
    await tx.update(charges).set({ payerLocale: deps.locale }).where(eq(charges.id, id));
    await appendChargeEvent(tx, id, { from: charge.state, to: charge.state, actorEmail: actor.email, note: { key: "charges.events.sent", values: { to } }, at: now });
    await recordAudit({ actor, action: "charge.send", target: id, outcome: "success", ip: actor.ip ?? null, detail }, tx);
  });
  return (await getCharge(db, id))!;
}
