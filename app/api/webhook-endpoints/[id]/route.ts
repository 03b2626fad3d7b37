import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { jsonOk, route } from "@/lib/http";
import { deleteEndpoint, updateEndpoint } from "@/lib/erp/webhooks/endpoints";
import { endpointDeletedAnswer, endpointMaybeWithSecretAnswer, endpointParamsSchema, updateEndpointBodySchema } from "@/lib/erp/webhooks/schema";

export const PATCH = route(
  {
    name: "PATCH /api/webhook-endpoints/{id}",
    summary: "Change an endpoint's URL, patterns or description, enable or pause it, or rotate its secret (the new one is answered once; audited)",
    answers: { 200: endpointMaybeWithSecretAnswer },
    permission: "webhooks", params: endpointParamsSchema, body: updateEndpointBodySchema,
  },
  async ({ actor, params, body }) => jsonOk({ endpoint: await updateEndpoint(await getDb(), params.id, body, actor, getEnv().erpWebhooks) }),
);

export const DELETE = route(
  {
    name: "DELETE /api/webhook-endpoints/{id}",
    summary: "Remove an endpoint: nothing more is sent to it; its deliveries stay in the audit (audited)",
    answers: { 200: endpointDeletedAnswer },
    permission: "webhooks", params: endpointParamsSchema,
  },
  async ({ actor, params }) => {
    await deleteEndpoint(await getDb(), params.id, actor);
    return jsonOk({ deleted: true });
  },
);
