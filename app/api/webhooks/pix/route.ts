import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { receiveWebhook } from "@/lib/events/receiver";
import { MAX_WEBHOOK_BODY_BYTES } from "@/lib/events/verify";
import { getEventBus } from "@/lib/events/runtime";
import { route } from "@/lib/http";
import { webhookReceiptAnswer } from "@/lib/events/schema";

export const POST = route(
  {
    name: "POST /api/webhooks/pix",
    summary: "The provider's notifications, payments (type 2) and QR codes (type 1); no session: Authorization + md5, then read back",
    answers: { 200: webhookReceiptAnswer },
    permission: "public", checkOrigin: false, rawBody: { maxBytes: MAX_WEBHOOK_BODY_BYTES },
    rateLimited: true,
  },
  async ({ request }) => {
  const env = getEnv();
  const [db, bus] = await Promise.all([getDb(), getEventBus()]);
  return receiveWebhook(request, { db, bus, authorization: env.webhookAuthorization, secretKey: env.clientSecret });
});
