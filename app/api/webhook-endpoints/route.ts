import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { jsonOk, route } from "@/lib/http";
import { createEndpoint, listEndpoints } from "@/lib/erp/webhooks/endpoints";
import { createEndpointBodySchema, endpointListAnswer, endpointWithSecretAnswer } from "@/lib/erp/webhooks/schema";

export const POST = route(
  {
    name: "POST /api/webhook-endpoints",
    summary: "Add an endpoint that receives events as Standard Webhooks; the answer shows its whsec_ signing secret this once (audited)",
    answers: { 201: endpointWithSecretAnswer },
    permission: "webhooks", body: createEndpointBodySchema,
  },
  async ({ actor, body }) => jsonOk({ endpoint: await createEndpoint(await getDb(), body, actor, getEnv().erpWebhooks) }, 201),
);

export const GET = route(
  {
    name: "GET /api/webhook-endpoints",
    summary: "The company's webhook endpoints, oldest first (secrets are never shown again)",
    answers: { 200: endpointListAnswer },
    permission: "webhooks",
  },
  async () => jsonOk({ endpoints: await listEndpoints(await getDb()) }),
);
