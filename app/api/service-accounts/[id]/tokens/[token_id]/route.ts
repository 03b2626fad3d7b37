import { getDb } from "@/lib/db";
import { clientIp, jsonOk, route } from "@/lib/http";
import { revokedTokenAnswer } from "@/lib/service-accounts/answers";
import { serviceTokenParamsSchema } from "@/lib/service-accounts/schema";
import { revokeToken } from "@/lib/service-accounts/service";

export const dynamic = "force-dynamic";

export const DELETE = route(
  {
    name: "DELETE /api/service-accounts/[id]/tokens/[token_id]",
    summary: "Revoke a token; it is refused (401) from its next request (admins; audited)",
    answers: { 200: revokedTokenAnswer },
    permission: "users",
    params: serviceTokenParamsSchema,
  },
  async ({ request, actor, params }) =>
    jsonOk({ token: await revokeToken({ db: await getDb(), ip: clientIp(request) }, params.id, params.token_id, { id: actor.id, email: actor.email }) }),
);
