import { NO_CONTENT } from "@/lib/http/answers";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { jsonError, jsonOk, route } from "@/lib/http";
import { pushSubscribedAnswer, pushSubscriptionsAnswer } from "@/lib/push/answers";
import { endpointAllowed } from "@/lib/push/push-endpoint";
import { pushEndpointQuery, pushSubscriptionInput } from "@/lib/push/schema";
import { listPushSubscriptions, removePushSubscription, savePushSubscription, toPushDevice } from "@/lib/push/store";

export const dynamic = "force-dynamic";

// A person's own devices: "account" is a permission no service account's token ever has
// (NEVER_FOR_TOKENS, lib/auth/bearer.ts), so programs never subscribe.

export const GET = route(
  {
    name: "GET /api/me/push-subscriptions",
    summary: "The VAPID public key browsers subscribe with (null: Web Push is not set up) and the signed-in person's devices",
    answers: { 200: pushSubscriptionsAnswer },
    permission: "account",
  },
  async ({ user }) => {
    const rows = await listPushSubscriptions(await getDb(), user.id);
    return jsonOk({ vapid_public_key: getEnv().push?.publicKey ?? null, subscriptions: rows.map(toPushDevice) });
  },
);

export const POST = route(
  {
    name: "POST /api/me/push-subscriptions",
    summary: "{endpoint, keys: {p256dh, auth}} (PushSubscription.toJSON()): this device gets a push when something waits for the person's approval",
    answers: { 201: pushSubscribedAnswer },
    permission: "account", body: pushSubscriptionInput,
  },
  async ({ request, user, body, t }) => {
    const env = getEnv();
    if (!env.push) return jsonError(409, t("security.push.unavailable"), { kind: "conflict" });
    if (!endpointAllowed(body.endpoint, env.sandboxMode)) {
      return jsonError(422, t("security.push.badEndpoint"), { kind: "validation", fields: { endpoint: t("security.push.badEndpoint") } });
    }
    const row = await savePushSubscription(await getDb(), user.id, body, request.headers.get("user-agent"));
    return jsonOk({ subscription: toPushDevice(row) }, 201);
  },
);

export const DELETE = route(
  {
    name: "DELETE /api/me/push-subscriptions",
    summary: "?endpoint=: this device gets no more pushes (404 when it is not one of the person's devices)",
    answers: { 204: NO_CONTENT },
    permission: "account", query: pushEndpointQuery,
  },
  async ({ user, query, t }) => {
    const removed = await removePushSubscription(await getDb(), user.id, query.endpoint);
    if (!removed) return jsonError(404, t("security.push.notFound"), { kind: "not_found" });
    return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
  },
);
