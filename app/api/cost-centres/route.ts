import { can } from "@/lib/auth/roles";
import { costCentreInputSchema, costCentreListQuerySchema } from "@/lib/cost-centres/schema";
import { createCostCentre, listCostCentres } from "@/lib/cost-centres/service";
import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { costCentreAnswer, costCentreListAnswer } from "@/lib/cost-centres/answers";

export const GET = route(
  {
    name: "GET /api/cost-centres",
    summary: "The cost centres in use, by code (the form's list); ?all=true adds the inactive ones for those who keep them",
    answers: { 200: costCentreListAnswer },
    permission: "viewTransfers", query: costCentreListQuerySchema,
  },
  async ({ user, query }) =>
    jsonOk({ cost_centres: await listCostCentres(await getDb(), { all: query.all === true && can(user.role, "costCentres") }) }),
);

export const POST = route(
  {
    name: "POST /api/cost-centres",
    summary: "A new cost centre (admins; audited)",
    answers: { 201: costCentreAnswer },
    permission: "costCentres", body: costCentreInputSchema,
  },
  async ({ actor, body }) => jsonOk({ cost_centre: await createCostCentre(await getDb(), body, actor) }, 201),
);
