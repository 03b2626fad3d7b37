import { getDb } from "@/lib/db";
import { clientIp, jsonOk, route } from "@/lib/http";
import { createdServiceAccountAnswer, serviceAccountListAnswer } from "@/lib/service-accounts/answers";
import { newServiceAccountSchema } from "@/lib/service-accounts/schema";
import { createServiceAccount, listServiceAccounts } from "@/lib/service-accounts/service";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    name: "GET /api/service-accounts",
    summary: "The service accounts (programs such as the company's ERP) with their tokens, never a token's value (admins)",
    answers: { 200: serviceAccountListAnswer },
    permission: "users",
  },
  async () => jsonOk({ service_accounts: await listServiceAccounts(await getDb()) }),
);

export const POST = route(
  {
    name: "POST /api/service-accounts",
    summary: "{ name, role } a service account with the role viewer, support or operator (admins; audited)",
    answers: { 201: createdServiceAccountAnswer },
    permission: "users",
    body: newServiceAccountSchema,
  },
  async ({ request, actor, body }) =>
    jsonOk({ service_account: await createServiceAccount({ db: await getDb(), ip: clientIp(request) }, body, { id: actor.id, email: actor.email }) }, 201),
);
