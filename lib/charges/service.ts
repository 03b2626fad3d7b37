import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Qrcode } from "@/lib/contract";
import type { Db, Tx } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { charges, type ChargeRow } from "@/lib/db/schema";
import type { Actor } from "@/lib/domain/actor";
import { createCheckout, createQrcode, isPaymentsApiError, type PaymentsApiError } from "@/lib/payments-api";
import { searchKey } from "@/lib/pix/text";
import { parseProviderDateTime } from "@/lib/pix/time";
import { ApiError } from "@/lib/http/api-error";
import { chargeExpiresAt, expirationSeconds } from "./due-date";
import type { ChargeInput } from "./input";
import { findChargeOfQrcode, getChargeByExternalReference, getChargeRow } from "./store";
import { appendChargeEvent, lockCharge, markChargeChecked, moveCharge } from "./transition";

/** Who receives the money: the company (COMPANY_NAME, COMPANY_DOCUMENT), the provider's `generator`. */
export type ChargeIssuer = { name: string; document: string } | null;

type CreateDeps = {
  issuer: ChargeIssuer;
  /** Where a payment link's page sends the payer back (APP_URL). */
  returnUrl: string;
  now?: () => Date;
};

/** The provider said no for certain (nothing was made): the charge is in error with its reason. */
const REFUSALS: ReadonlySet<PaymentsApiError["kind"]> = new Set(["invalid", "forbidden", "conflict", "insufficient_funds"]);

/** The fields that make two charges with one reference the same charge. */
/** The terms a reference is bound to: the same reference with other terms is refused (409), with the same ones it answers the charge. */
type ChargeTerms = { kind: string; valueCents: number; payerDocument: string; dueDate: string };
export const sameCharge = (row: ChargeTerms, input: ChargeTerms) =>
  row.kind === input.kind && row.valueCents === input.valueCents && row.payerDocument === input.payerDocument && row.dueDate === input.dueDate;

/**
 * A charge: the row (state `creating`) and its audit entry are written first, in one transaction,
 * then the provider is asked for the QR code or payment link. The same external_reference again
 * answers the charge already made (`created: false`); with other terms it is refused (409). A
 * charge whose provider answer was lost stays `creating` and the same request sent again asks the
 * provider again: a code nobody was ever shown cannot be paid, so a second one does no harm.
 */
export async function createCharge(db: Db, input: ChargeInput, maker: Actor, deps: CreateDeps): Promise<{ charge: ChargeRow; created: boolean }> {
  const now = deps.now?.() ?? new Date();
  const existing = await getChargeByExternalReference(db, input.externalReference);
  if (existing) return answerRepeat(db, existing, input, deps);

  const id = randomUUID();
  const inserted = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(charges)
      .values({
        id,
        externalReference: input.externalReference,
        kind: input.kind,
        valueCents: input.valueCents,
        payerName: input.payerName,
        payerKey: searchKey(input.payerName),
        payerDocument: input.payerDocument,
        payerEmail: input.payerEmail,
        description: input.description,
        dueDate: input.dueDate,
        expiresAt: chargeExpiresAt(input.dueDate),
        state: "creating",
        makerId: maker.id,
        makerEmail: maker.email,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: charges.externalReference })
      .returning();
    if (!rows[0]) return null;
    await appendChargeEvent(tx, id, { from: null, to: "creating", actorEmail: maker.email, note: null, at: now });
    await recordAudit(
      {
        actor: maker,
        action: "charge.create",
        target: id,
        outcome: "success",
        ip: maker.ip ?? null,
        detail: { external_reference: input.externalReference, kind: input.kind, value_cents: input.valueCents, payer_document: input.payerDocument, due_date: input.dueDate },
      },
      tx,
    );
    return rows[0];
  });
  // Two requests with one reference at once: the one that lost the insert answers the winner's charge.
  if (!inserted) return answerRepeat(db, (await getChargeByExternalReference(db, input.externalReference))!, input, deps);
  return { charge: await askProvider(db, inserted, deps), created: true };
}

async function answerRepeat(db: Db, row: ChargeRow, input: ChargeInput, deps: CreateDeps): Promise<{ charge: ChargeRow; created: boolean }> {
  if (!sameCharge(row, input)) {
    throw new ApiError("conflict_body", "charges.errors.referenceTaken", { reference: row.externalReference }, "external_reference");
  }
  if (row.state === "creating") return { charge: await askProvider(db, row, deps), created: false };
  return { charge: row, created: false };
}

/** Asks the provider for the charge's QR code or link; moves it to awaiting_payment or error. */
async function askProvider(db: Db, row: ChargeRow, deps: CreateDeps): Promise<ChargeRow> {
  const now = deps.now?.() ?? new Date();
  const expiration_time = expirationSeconds(row.dueDate, now);
  let made: { referenceCode: string; content: string | null; paymentLink: string | null };
  try {
    if (row.kind === "link") {
      if (!deps.issuer) throw new ApiError("invalid", "charges.errors.noIssuer");
      const c = await createCheckout({
        value_cents: row.valueCents,
        generator_name: deps.issuer.name,
        generator_document: deps.issuer.document,
        expiration_time,
        external_link: deps.returnUrl,
      });
      made = { referenceCode: c.reference_code, content: null, paymentLink: c.payment_link };
    } else {
      const q = await createQrcode({
        value_cents: row.valueCents,
        ...(deps.issuer ? { generator_name: deps.issuer.name, generator_document: deps.issuer.document } : {}),
        expiration_time,
        external_reference: row.externalReference,
      });
      made = { referenceCode: q.reference_code, content: q.content, paymentLink: null };
    }
  } catch (error) {
    if (isPaymentsApiError(error) && REFUSALS.has(error.kind)) {
      const reason = error.providerMessage ?? error.message;
      const moved = await db.transaction((tx) =>
        moveCharge(tx, row.id, "error", { from: ["creating"], set: { errorReason: reason }, note: { key: "charges.events.refused", values: { reason } }, now }),
      );
      return moved.row ?? row;
    }
    // Unknown outcome (timeout, provider failure): it stays `creating`; the caller is told and may send it again.
    throw error;
  }
  const moved = await db.transaction((tx) =>
    moveCharge(tx, row.id, "awaiting_payment", {
      from: ["creating"],
      set: { referenceCode: made.referenceCode, content: made.content, paymentLink: made.paymentLink, providerCheckedAt: now },
      now,
    }),
  );
  return moved.row ?? (await getChargeRow(db, row.id)) ?? row;
}

/**
 * A person withdraws a charge the payer should no longer pay (audited). The provider has no
 * cancel call, so the code may still be paid: such a payment is recorded and flagged.
 */
export async function withdrawCharge(db: Db, id: string, actor: Actor, reason: string, now = new Date()): Promise<ChargeRow> {
  return db.transaction(async (tx) => {
    const moved = await moveCharge(tx, id, "withdrawn", {
      from: ["awaiting_payment"],
      set: { withdrawnAt: now, withdrawnById: actor.id, withdrawnByEmail: actor.email, withdrawReason: reason },
      actorEmail: actor.email,
      note: { key: "charges.events.withdrawn", values: { reason } },
      now,
    });
    if (!moved.moved) {
      if (!moved.row) throw new ApiError("not_found", "charges.errors.notFound");
      throw new ApiError("illegal_state", "charges.errors.cannotWithdraw", { state: moved.row.state });
    }
    await recordAudit({ actor, action: "charge.withdraw", target: id, outcome: "success", ip: actor.ip ?? null, detail: { reason, external_reference: moved.row.externalReference } }, tx);
    return moved.row;
  });
}

/** What a QR code's record says, as a notification (the list item) or a read (with the payer's bank) carries it. */
export type QrcodeFacts = Pick<Qrcode, "reference_code" | "external_reference" | "value_cents" | "status" | "payer_name" | "payer_document" | "payment_date" | "end_to_end"> & {
  payer_bank_name?: string | null;
};

export type FollowResult = "paid" | "paid_after_withdrawal" | "expired" | "error" | "unchanged" | "unknown";

/**
 * What the provider's record of a QR code (a verified notification read back, or the reconciler's
 * read) means for the charge it belongs to. Exactly once: a charge already paid is left alone, so a
 * notification that arrives twice, or a notification and a read, record one payment.
 */
export async function followQrcode(tx: Tx, q: QrcodeFacts, source: "webhook" | "reconciler", now = new Date()): Promise<FollowResult> {
  const row = await findChargeOfQrcode(tx, q);
  if (!row) return "unknown";
  await markChargeChecked(tx, row.id, now);
  if (q.status === "paid") {
    const paid = {
      paidAt: (q.payment_date ? parseProviderDateTime(q.payment_date) : null) ?? now,
      paidValueCents: q.value_cents,
      endToEnd: q.end_to_end,
      paidByName: q.payer_name,
      paidByDocument: q.payer_document,
      paidByBank: q.payer_bank_name ?? null,
      referenceCode: row.referenceCode ?? q.reference_code,
    };
    if (row.state === "withdrawn") return recordPaidAfterWithdrawal(tx, row.id, paid, source, now);
    const moved = await moveCharge(tx, row.id, "paid", { from: ["creating", "awaiting_payment", "expired", "error"], set: paid, note: { key: `charges.events.paidBy.${source}` }, now });
    return moved.moved ? "paid" : "unchanged";
  }
  if (q.status === "canceled") {
    // We never cancel at the provider: a canceled code is one whose expiration_time passed.
    const moved = await moveCharge(tx, row.id, "expired", { from: ["awaiting_payment"], note: { key: "charges.events.expired" }, now });
    return moved.moved ? "expired" : "unchanged";
  }
  if (q.status === "error") {
    const moved = await moveCharge(tx, row.id, "error", { from: ["awaiting_payment"], set: { errorReason: "error" }, note: { key: "charges.events.providerError" }, now });
    return moved.moved ? "error" : "unchanged";
  }
  return "unchanged";
}

/** Money that came in for a withdrawn charge: recorded once, flagged for a person, audited. */
async function recordPaidAfterWithdrawal(
  tx: Tx,
  id: string,
  paid: Partial<ChargeRow>,
  source: "webhook" | "reconciler",
  now: Date,
): Promise<FollowResult> {
  const row = await lockCharge(tx, id);
  if (!row || row.paidAt) return "unchanged";
  await tx
    .update(charges)
    .set({ ...paid, attention: "paid_after_withdrawal", updatedAt: now })
    .where(eq(charges.id, id));
  await appendChargeEvent(tx, id, { from: "withdrawn", to: "withdrawn", actorEmail: null, note: { key: "charges.events.paidAfterWithdrawal", values: { source } }, at: now });
  await recordAudit(
    { actor: null, action: "charge.paid_after_withdrawal", target: id, outcome: "attention", detail: { external_reference: row.externalReference, value_cents: paid.paidValueCents ?? row.valueCents, end_to_end: paid.endToEnd ?? null } },
    tx,
  );
  return "paid_after_withdrawal";
}
