import { issueServiceTokenOrAsk } from "@/lib/admin-changes/service";
import { pendingAnswer } from "@/lib/admin-changes/http";
import { pendingChangeAnswer } from "@/lib/admin-changes/answers";
import { getDb } from "@/lib/db";
import { clientIp, jsonOk, route } from "@/lib/http";
import { issuedTokenAnswer } from "@/lib/service-accounts/answers";
import { newTokenSchema, serviceAccountParamsSchema } from "@/lib/service-accounts/schema";

export const dynamic = "force-dynamic";

export const POST = route(
  {
    name: "POST /api/service-accounts/[id]/tokens",
    summary: "{ expires_in_days?, rate_per_minute? } a token, its value shown once (201); for an operator account it waits for a second admin (202)",
    answers: { 201: issuedTokenAnswer, 202: pendingChangeAnswer },
    permission: "users",
    params: serviceAccountParamsSchema,
    body: newTokenSchema,
  },
  async ({ request, actor, params, body }) => {
    const result = await issueServiceTokenOrAsk({ db: await getDb(), ip: clientIp(request) }, params.id, body, { id: actor.id, email: actor.email });
    return "pending" in result ? pendingAnswer(result.pending) : jsonOk({ token: result.applied }, 201);
  },
);
