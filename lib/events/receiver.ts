import "server-only";
import type { Db } from "@/lib/db";
import { clientIp, jsonError, jsonOk, logLine } from "@/lib/http";
import type { EventBus } from "./bus";
import { REJECT_REASONS, type RejectReason } from "./names";
import { recordAccepted, recordRejected } from "./store";
import { authorizationMatches, readBodyWithLimit, verifyBody, type Claimed } from "./verify";

export type ReceiverDeps = {
  db: Db;
  bus: EventBus;
  /** The Authorization value registered with the provider (PAYMENTS_WEBHOOK_AUTHORIZATION). */
  authorization: string;
  /** The provider's secret_key of the md5 (our client secret). */
  secretKey: string;
};

/**
 * POST /api/webhooks/pix. No session: the provider authenticates with the Authorization value
 * we registered, and each message with its md5. A refused delivery changes nothing but a row
 * in the (capped) log of rejected deliveries. An accepted one is stored once (a repeat only
 * counts), answered 200 as soon as it is stored, then fanned out to the live streams.
 */
export async function receiveWebhook(request: Request, deps: ReceiverDeps): Promise<Response> {
  const ip = clientIp(request);
  if (!authorizationMatches(request.headers.get("authorization"), deps.authorization)) {
    return reject(deps, "authorization", null, ip);
  }
  const body = await readBodyWithLimit(request);
  if ("tooLarge" in body) return reject(deps, "too_large", null, ip);
  const verdict = verifyBody(body.text, deps.secretKey);
  if (!verdict.ok) return reject(deps, verdict.reason, verdict.claimed, ip);

  const { event, duplicate } = await recordAccepted(deps.db, verdict.webhook, { ip });
  // Fan-out after the answer is decided: a slow NOTIFY must not hold up the provider.
  void deps.bus.publish(event, duplicate).catch((error: unknown) => {
    logLine("error", "webhook fan-out failed", { event_id: event.id, error: String(error) });
  });
  return jsonOk({ received: true, id: event.id, duplicate });
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
  return jsonError(status, label);
}
