import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { resolveFinding } from "@/lib/transfers/server/findings";
import { findingParamsSchema, resolveBodySchema } from "@/lib/transfers/findings-query";
import { findingAnswer } from "@/lib/transfers/answers";

export const POST = route(
  {
    name: "POST /api/reconciliation/[id]/resolve",
    summary: "{ note } a person marks a finding resolved (audited)",
    answers: { 200: findingAnswer },
    permission: "reconciliation", params: findingParamsSchema, body: resolveBodySchema,
  },
  async ({ actor, params, body }) =>
    jsonOk({ finding: await resolveFinding(await getDb(), params.id, actor, body.note) }),
);
