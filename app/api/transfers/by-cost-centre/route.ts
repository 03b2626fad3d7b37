import { costCentrePeriodSchema } from "@/lib/cost-centres/schema";
import { paidByCostCentre } from "@/lib/cost-centres/totals";
import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { costCentreTotalsAnswer } from "@/lib/cost-centres/answers";

// Totals only, no transfer: finance reads them on the overview beside the payments' own totals.
export const GET = route(
  {
    name: "GET /api/transfers/by-cost-centre",
    summary: "What was paid per cost centre, by payment day (Brazil).",
    answers: { 200: costCentreTotalsAnswer },
    permission: "viewPayments", query: costCentrePeriodSchema,
  },
  async ({ query }) => jsonOk({ start: query.start, end: query.end, totals: await paidByCostCentre(await getDb(), query) }),
);
