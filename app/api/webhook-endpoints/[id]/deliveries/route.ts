import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { listDeliveries } from "@/lib/erp/webhooks/deliveries";
import { deliveryListAnswer, endpointParamsSchema } from "@/lib/erp/webhooks/schema";

export const GET = route(
  {
    name: "GET /api/webhook-endpoints/{id}/deliveries",
    summary: "An endpoint's latest 100 deliveries, newest first, each with its attempts (status, time, answer excerpt)",
    answers: { 200: deliveryListAnswer },
    permission: "webhooks", params: endpointParamsSchema,
  },
  async ({ params }) => jsonOk({ deliveries: await listDeliveries(await getDb(), params.id) }),
);
