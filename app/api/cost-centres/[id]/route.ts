import { costCentreParamsSchema, costCentrePatchSchema } from "@/lib/cost-centres/schema";
import { updateCostCentre } from "@/lib/cost-centres/service";
import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { costCentreAnswer } from "@/lib/cost-centres/answers";

export const PATCH = route(
  {
    name: "PATCH /api/cost-centres/{id}",
    summary: "Rename a cost centre, or deactivate it or use it again (admins; audited)",
    answers: { 200: costCentreAnswer },
    permission: "costCentres", params: costCentreParamsSchema, body: costCentrePatchSchema,
  },
  async ({ actor, params, body }) => jsonOk({ cost_centre: await updateCostCentre(await getDb(), params.id, body, actor) }),
);
