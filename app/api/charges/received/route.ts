import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { chargesReceivedAnswer } from "@/lib/charges/answers";
import { chargesReceived } from "@/lib/charges/received";
import { costCentrePeriodSchema } from "@/lib/cost-centres/schema";

// The overview's money in (the same period rule as its paid-per-cost-centre card).
export const GET = route(
  {
    name: "GET /api/charges/received",
    summary: "Money in from charges between two Brazil days: by the day each was paid (Brazil time), the total and the largest payers",
    answers: { 200: chargesReceivedAnswer },
    permission: "viewPayments", query: costCentrePeriodSchema,
  },
  async ({ query }) => jsonOk({ received: await chargesReceived(await getDb(), query) }),
);
