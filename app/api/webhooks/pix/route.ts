import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { receiveWebhook } from "@/lib/events/receiver";
import { getEventBus } from "@/lib/events/runtime";
import { withRoute } from "@/lib/http";

// POST /api/webhooks/pix: the provider's payment notifications (no session; Authorization + md5)
export const POST = withRoute("POST /api/webhooks/pix", async (request) => {
  const env = getEnv();
  const [db, bus] = await Promise.all([getDb(), getEventBus()]);
  return receiveWebhook(request, { db, bus, authorization: env.webhookAuthorization, secretKey: env.clientSecret });
});
