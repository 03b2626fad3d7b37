import "server-only";
import type { PaymentDetail, PaymentListItem, Qrcode, WebhookDelivery } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { clientIp, jsonError, jsonOk, logLine } from "@/lib/http";
import { kindForStatus } from "@/lib/http/problem";
import { recordWebhookLag } from "@/lib/metrics/registry";
import { getPayment, getQrcodeByReference, isPaymentsApiError } from "@/lib/payments-api";
import { followPayment } from "@/lib/transfers/server/follow";
import { followQrcode, type QrcodeFacts } from "@/lib/charges/service";
import type { EventBus } from "./bus";
import { REJECT_REASONS, WEBHOOK_AUTH_FAILURES_PER_MINUTE, WEBHOOK_READBACKS_PER_MINUTE, type RejectReason } from "./names";
import { takeReadback } from "./readback-limit";

/** Retry-After of a delivery that could not be confirmed with the provider (it was not stored). */
const UNCONFIRMED_RETRY_AFTER_SECONDS = 60;
import { providerChangeTime } from "./lag";
import { countAuthFailure } from "./auth-failures";
import { countRepeatOf, deliveryDigest, recordAccepted, recordRejected } from "./store";
import { authorizationMatches, kindOf, readBodyWithLimit, verifyBody, type Claimed } from "./verify";

/**
 * What the provider's own record says about a verified delivery: confirmed (with the record to
 * store), refuted (why, in plain words), or unknown because the provider could not be read.
 */
type Confirmation =
  | { outcome: "confirmed"; delivery: WebhookDelivery }
  | { outcome: "refuted"; reason: Extract<RejectReason, "unknown_payment" | "unknown_qrcode" | "status_mismatch" | "data_mismatch">; detail: string }
  | { outcome: "unavailable"; error: string };

export type Confirm = (delivery: WebhookDelivery) => Promise<Confirmation>;

type ReceiverDeps = {
  db: Db;
  bus: EventBus;
  /** The Authorization value registered with the provider (PAYMENTS_WEBHOOK_AUTHORIZATION). */
  authorization: string;
  /** The provider's secret_key of the md5 (our client secret). */
  secretKey: string;
  /** Reads the payment or QR code back; the provider through lib/payments-api by default. */
  confirm?: Confirm;
  /** Unauthenticated deliveries per address and minute before 429. */
  authFailuresPerMinute?: number;
  /** Provider read-backs per payment (or QR code) and minute before 503 + Retry-After. */
  readbacksPerMinute?: number;
  now?: () => Date;
};

/**
 * POST /api/webhooks/pix. No session: the provider authenticates with the Authorization value
 * we registered, and each message with its md5. But the md5 covers neither the status nor the
 * dates, so a delivery is only a hint: it is read back from the provider (the payment by
 * idempotent_id, the QR code by reference code) and what is stored and pushed is the provider's
 * record. In order:
 * - wrong Authorization: counted per address (429 past the limit), never stored as an event nor pushed;
 * - a body refused by shape or md5: a row in the capped log of rejected deliveries (4xx);
 * - the provider does not have it, or says otherwise: a rejected row with what disagreed, answered
 *   200 so the provider stops retrying;
 * - the very body of a delivery already confirmed and stored (a replay, or the provider's retry
 *   of one we answered): counted as a repeat and answered 200, without asking the provider again;
 * - more than WEBHOOK_READBACKS_PER_MINUTE read-backs for one payment: 503 with Retry-After, no
 *   read-back (replays with small edits cannot flood the provider; the provider retries later);
 * - the provider cannot be read: 503, nothing stored (the provider retries every minute);
 * - confirmed: stored once (a repeat only counts), answered 200, then fanned out; its lag
 *   (received minus the provider's time of the change) goes to the metrics.
 */
export async function receiveWebhook(request: Request, deps: ReceiverDeps): Promise<Response> {
  const receivedAt = deps.now?.() ?? new Date();
  const ip = clientIp(request);
  if (!authorizationMatches(request.headers.get("authorization"), deps.authorization)) {
    return refuseUnauthenticated(deps, ip ?? "unknown");
  }
  const body = await readBodyWithLimit(request);
  if ("tooLarge" in body) return reject(deps, "too_large", null, ip);
  const verdict = verifyBody(body.text, deps.secretKey);
  if (!verdict.ok) return reject(deps, verdict.reason, verdict.claimed, ip);

  const delivery = verdict.delivery;
  const digest = deliveryDigest(body.text);
  const replayed = await countRepeatOf(deps.db, digest);
  if (replayed) {
    void deps.bus.publish(replayed, true).catch(() => undefined);
    return jsonOk({ received: true, id: replayed.id, duplicate: true });
  }

  const key = delivery.notification_type === "pix_payment" ? `payment:${delivery.message.idempotent_id}` : `qrcode:${delivery.message.reference_code}`;
  const readback = await takeReadback(deps.db, key, deps.readbacksPerMinute ?? WEBHOOK_READBACKS_PER_MINUTE, deps.now?.() ?? new Date());
  if (!readback.allowed) {
    const res = jsonError(503, "Too many deliveries for this payment; retry later", { kind: "rate_limited" });
    res.headers.set("retry-after", String(readback.retryAfterSeconds));
    return res;
  }
  const confirmation = await (deps.confirm ?? confirmWithProvider)(delivery);
  if (confirmation.outcome === "unavailable") {
    logLine("warn", "webhook delivery could not be confirmed with the provider", { error: confirmation.error });
    const res = jsonError(503, "Could not confirm the delivery with the provider; retry later", { kind: "upstream_failure" });
    // Every 503 says when to come back: the provider's own retry comes a minute later anyway.
    res.headers.set("retry-after", String(UNCONFIRMED_RETRY_AFTER_SECONDS));
    return res;
  }
  if (confirmation.outcome === "refuted") {
    return reject(deps, confirmation.reason, { ...claimedOf(delivery), detail: confirmation.detail }, ip);
  }
  const { event, duplicate } = await recordAccepted(deps.db, confirmation.delivery, { ip, digest });
  const changedAt = providerChangeTime(confirmation.delivery);
  if (!duplicate && changedAt) recordWebhookLag(kindOf(delivery.notification_type), (receivedAt.getTime() - changedAt.getTime()) / 1000);
  if (confirmation.delivery.notification_type === "pix_payment") await followTransfer(deps.db, confirmation.delivery.message);
  else await followCharge(deps.db, confirmation.delivery.message);
  // Fan-out after the answer is decided: a slow NOTIFY must not hold up the provider.
  void deps.bus.publish(event, duplicate).catch((error: unknown) => {
    logLine("error", "webhook fan-out failed", { event_id: event.id, error: String(error) });
  });
  return jsonOk({ received: true, id: event.id, duplicate });
}

/**
 * A confirmed payment notification moves the transfer request it belongs to (paid, canceled by
 * the provider, a new provider status). The delivery is stored whatever happens here: a failure is
 * logged and the reconciler's refresh brings the request along later.
 */
async function followTransfer(db: Db, payment: PaymentListItem): Promise<void> {
  try {
    await db.transaction((tx) => followPayment(tx, payment, "webhook"));
  } catch (error) {
    logLine("error", "a transfer could not follow its payment's notification", { idempotent_id: payment.idempotent_id, error: String(error) });
  }
}

/**
 * A confirmed QR code notification moves the charge it belongs to (paid, expired). Like a
 * transfer's, the delivery is stored whatever happens here; the reconciler's read catches up.
 */
async function followCharge(db: Db, qrcode: QrcodeFacts): Promise<void> {
  try {
    await db.transaction((tx) => followQrcode(tx, qrcode, "webhook"));
  } catch (error) {
    logLine("error", "a charge could not follow its QR code's notification", { reference_code: qrcode.reference_code, error: String(error) });
  }
}

/** Counted, limited, never an event row and never pushed: a flood cannot fill the log or the screens. */
async function refuseUnauthenticated(deps: ReceiverDeps, ip: string): Promise<Response> {
  const { status, label } = REJECT_REASONS.authorization;
  try {
    const now = deps.now?.() ?? new Date();
    const { count, windowEndsAt } = await countAuthFailure(deps.db, ip, now);
    if (count > (deps.authFailuresPerMinute ?? WEBHOOK_AUTH_FAILURES_PER_MINUTE)) {
      const retryAfter = Math.max(1, Math.ceil((windowEndsAt.getTime() - now.getTime()) / 1000));
      return jsonError(429, "Too many unauthenticated deliveries from this address", { kind: "rate_limited" }, { "retry-after": String(retryAfter) });
    }
  } catch (error) {
    // The refusal stands even when it cannot be counted.
    logLine("error", "could not count an unauthenticated webhook delivery", { error: String(error) });
  }
  return jsonError(status, label, { kind: kindForStatus(status) });
}

async function reject(deps: ReceiverDeps, reason: RejectReason, claimed: Claimed | null, ip: string | null) {
  const { status, label } = REJECT_REASONS[reason];
  try {
    const event = await recordRejected(deps.db, reason, claimed, { ip });
    void deps.bus.publish(event, false).catch(() => undefined);
  } catch (error) {
    // The refusal stands even when it cannot be logged.
    logLine("error", "could not record a rejected webhook delivery", { reason, error: String(error) });
  }
  return status === 200 ? jsonOk({ received: true, accepted: false, reason: label }) : jsonError(status, label, { kind: kindForStatus(status) });
}

function claimedOf(d: WebhookDelivery): Claimed {
  return {
    kind: kindOf(d.notification_type),
    idempotent_id: d.notification_type === "pix_payment" ? d.message.idempotent_id : null,
    reference_code: d.message.reference_code,
    status: d.message.status,
  };
}

/** not_found and a refused id both mean "the provider has no such record". */
const isAbsent = (err: unknown) => isPaymentsApiError(err) && (err.kind === "not_found" || err.kind === "invalid");
const describe = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The default read-back: lib/payments-api, the one door to the provider. */
async function confirmWithProvider(d: WebhookDelivery): Promise<Confirmation> {
  if (d.notification_type === "pix_payment") {
    let p: PaymentDetail;
    try {
      p = await getPayment(d.message.idempotent_id);
    } catch (err) {
      if (isAbsent(err)) return { outcome: "refuted", reason: "unknown_payment", detail: `No payment ${d.message.idempotent_id} at the provider` };
      return { outcome: "unavailable", error: describe(err) };
    }
    return comparePayment(d, p);
  }
  let q: Qrcode;
  try {
    q = await getQrcodeByReference(d.message.reference_code);
  } catch (err) {
    if (isAbsent(err)) return { outcome: "refuted", reason: "unknown_qrcode", detail: `No QR code ${d.message.reference_code} at the provider` };
    return { outcome: "unavailable", error: describe(err) };
  }
  return compareQrcode(d, q);
}

/** The delivery against the provider's payment; when they agree, the provider's record is what is stored. */
function comparePayment(d: Extract<WebhookDelivery, { notification_type: "pix_payment" }>, p: PaymentDetail): Confirmation {
  const m = d.message;
  if (p.reference_code !== m.reference_code || p.value_cents !== m.value_cents) {
    return { outcome: "refuted", reason: "data_mismatch", detail: `The provider has ${p.reference_code}, ${p.value_cents} cents` };
  }
  if (p.status !== m.status) {
    return { outcome: "refuted", reason: "status_mismatch", detail: `The delivery says ${m.status}, the provider says ${p.status}` };
  }
  const message = {
    reference_code: p.reference_code,
    idempotent_id: p.idempotent_id,
    value_cents: p.value_cents,
    pix_key_type: p.pix_key_type,
    pix_key: p.pix_key,
    receiver_name: p.receiver_name,
    receiver_document: p.receiver_document,
    status: p.status,
    registration_date: p.registration_date,
    payment_date: p.payment_date,
    cancellation_date: p.cancellation_date,
    cancellation_reason: p.cancellation_reason,
    end_to_end: p.end_to_end,
    receipt_url: m.receipt_url ?? null,
  };
  return { outcome: "confirmed", delivery: { ...d, message } };
}

function compareQrcode(d: Extract<WebhookDelivery, { notification_type: "pix_qrcode" | "pix_static_qrcode" }>, q: Qrcode): Confirmation {
  const m = d.message;
  if (q.value_cents !== m.value_cents || (q.end_to_end ?? null) !== (m.end_to_end ?? null)) {
    return { outcome: "refuted", reason: "data_mismatch", detail: `The provider has ${q.value_cents} cents, end-to-end ${q.end_to_end ?? "none"}` };
  }
  if (q.status !== m.status) {
    return { outcome: "refuted", reason: "status_mismatch", detail: `The delivery says ${m.status}, the provider says ${q.status}` };
  }
  const message = {
    reference_code: q.reference_code,
    external_reference: q.external_reference,
    value_cents: q.value_cents,
    content: q.content,
    status: q.status,
    generator_name: q.generator_name,
    generator_document: q.generator_document,
    payer_name: q.payer_name,
    payer_document: q.payer_document,
    registration_date: q.registration_date,
    payment_date: q.payment_date,
    end_to_end: q.end_to_end,
  };
  return { outcome: "confirmed", delivery: { ...d, message } };
}
