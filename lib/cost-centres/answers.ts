import "@/lib/zod-config";
import { z } from "zod";
import { centsSchema, daySchema, instantSchema } from "@/lib/domain/answer-fields";

/** What the cost-centre routes answer (client-safe: the settings page, the form and the overview read them with these schemas). */

export const costCentreSchema = z
  .object({ id: z.uuid(), code: z.string(), name: z.string(), active: z.boolean(), created_at: instantSchema, updated_at: instantSchema })
  .meta({ id: "CostCentre" });

/** What was paid through one cost centre (`cost_centre` null: requests without one). */
export const costCentreTotalSchema = z.object({
  cost_centre: z.object({ id: z.string(), code: z.string(), name: z.string() }).nullable(),
  count: z.number().int().nonnegative(),
  total_cents: centsSchema,
});

export const costCentreAnswer = z.object({ cost_centre: costCentreSchema }).meta({ id: "CostCentreAnswer" });
export const costCentreListAnswer = z.object({ cost_centres: z.array(costCentreSchema) }).meta({ id: "CostCentreList" });
/** GET /api/transfers/by-cost-centre: the period asked and its totals. */
export const costCentreTotalsAnswer = z.object({ start: daySchema, end: daySchema, totals: z.array(costCentreTotalSchema) }).meta({ id: "CostCentreTotals" });
