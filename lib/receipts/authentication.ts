import "server-only";
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { receiptAuthentications } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { takePublicRequest, type RateVerdict } from "@/lib/http/public-rate-limit";
import type { RateState } from "@/lib/http/rate-limit-headers";
import { stripDocument } from "@/lib/pix/document";
import type { ReceiptAuthentication } from "./pdf";
import { initiationOf, type ReceiptData } from "./receipt-data";
import { base32Code, groupAuthCode, normalizeAuthCode, type ReceiptVerifyAnswer } from "./verify-answer";

/**
 * The comprovante's authentication code: an HMAC-SHA256 of what it certifies, keyed with a key of
 * this server (derived from AUTH_SECRET, which every deployment keeps secret; a new AUTH_SECRET
 * makes new codes, and the ones already issued stay valid: they are kept as issued). 100 bits of
 * it, written as 20 letters and digits: nobody without the key can make a code that verifies.
 */
const PURPOSE = "pix-backoffice receipt authentication v1";

function receiptKey(secret: string): Buffer {
  return createHmac("sha256", secret).update(PURPOSE).digest();
}

/**
 * The facts the code certifies, in one fixed order (the same comprovante always gives the same
 * code): what was sent, to whom, by whom, when. A key transfer's receiver bank is what the
 * provider reported when asked, not what was sent: it is printed but not certified.
 */
export function receiptContent(data: ReceiptData): string {
  const r = data.receiver;
  return JSON.stringify([
    "v1",
    data.endToEnd,
    data.amountCents,
    new Date(data.paidAt).toISOString(),
    data.referenceCode,
    data.idempotentId,
    stripDocument(data.payer.document),
    r.name,
    stripDocument(r.document),
    r.pixKey ? [r.pixKey.type, r.pixKey.key] : null,
    initiationOf(data) === "manual" && r.bank ? [r.bank.ispb, r.bank.agency, r.bank.account] : null,
  ]);
}

/** The code, grouped as printed ("ABCD-EFGH-JKMN-PQRS-TVWX"). Pure: no store. */
export function authenticationCode(data: ReceiptData, secret: string): string {
  return groupAuthCode(base32Code(createHmac("sha256", receiptKey(secret)).update(receiptContent(data)).digest()));
}

/**
 * The code of a comprovante about to be issued, kept so the public check can find it (issuing the
 * same comprovante again finds the same row).
 */
export async function authenticateReceipt(db: Db, data: ReceiptData, secret: string = getEnv().authSecret): Promise<string> {
  const code = authenticationCode(data, secret);
  await db
    .insert(receiptAuthentications)
    .values({ code: normalizeAuthCode(code)!, endToEnd: data.endToEnd, valueCents: data.amountCents, paymentDate: new Date(data.paidAt) })
    .onConflictDoNothing();
  return code;
}

/** The public page where anyone checks a code: printed on every comprovante. */
export function receiptVerifyUrl(appUrl: string = getEnv().appUrl): string {
  return `${appUrl.replace(/\/+$/, "")}/comprovante/verificar`;
}

/** What a comprovante about to be issued prints under "Autenticação": its kept code and where to check it. */
export async function issueAuthentication(db: Db, data: ReceiptData): Promise<ReceiptAuthentication> {
  return { code: await authenticateReceipt(db, data), verifyUrl: receiptVerifyUrl() };
}

const NOT_ISSUED: ReceiptVerifyAnswer = { valid: false, end_to_end: null, value_cents: null, payment_date: null };

/** Whether this back office issued a comprovante with this code (already normalized), and its three public facts. */
export async function verifyAuthenticationCode(db: Db, bare: string): Promise<ReceiptVerifyAnswer> {
  const [row] = await db.select().from(receiptAuthentications).where(eq(receiptAuthentications.code, bare)).limit(1);
  if (!row) return NOT_ISSUED;
  return { valid: true, end_to_end: row.endToEnd, value_cents: row.valueCents, payment_date: row.paymentDate.toISOString() };
}

/**
 * The public check, for the route and the page alike: counted against the caller's address first
 * (a code is 100 bits, but nobody gets to try many), then looked up.
 */
export async function checkReceiptCode(db: Db, ip: string | null, bare: string): Promise<{ ok: true; answer: ReceiptVerifyAnswer; rate: RateState } | Extract<RateVerdict, { ok: false }>> {
  const verdict = await takePublicRequest(db, "receipts.verify", ip);
  if (!verdict.ok) return verdict;
  return { ok: true, answer: await verifyAuthenticationCode(db, bare), rate: verdict.rate };
}
