import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { retryDelivery } from "@/lib/erp/webhooks/deliveries";
import { startErpWebhooks } from "@/lib/erp/webhooks/runtime";
import { deliveryAnswer, deliveryParamsSchema } from "@/lib/erp/webhooks/schema";

export const POST = route(
  {
    name: "POST /api/webhook-endpoints/{id}/deliveries/{delivery_id}/retry",
    summary: "Send a delivery once more, now, with the same webhook-id (audited)",
    answers: { 202: deliveryAnswer },
    permission: "webhooks", params: deliveryParamsSchema,
  },
  async ({ actor, params }) => {
    const delivery = await retryDelivery(await getDb(), params.id, params.delivery_id, actor);
    (await startErpWebhooks()).wake();
    return jsonOk({ delivery }, 202);
  },
);
