import { costCentreParamsSchema, costCentrePatchSchema } from "@/lib/cost-centres/schema";
import { updateCostCentre } from "@/lib/cost-centres/service";
import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";

// PATCH /api/cost-centres/{id}: rename a cost centre, or deactivate it or use it again (admins; audited)
export const PATCH = route(
  { name: "PATCH /api/cost-centres/{id}", permission: "costCentres", params: costCentreParamsSchema, body: costCentrePatchSchema },
  async ({ actor, params, body }) => jsonOk({ cost_centre: await updateCostCentre(await getDb(), params.id, body, actor) }),
);
