import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { chargeAging } from "@/lib/charges/aging";
import { chargeAgingAnswer } from "@/lib/charges/answers";

export const dynamic = "force-dynamic";

// GET /api/charges/aging: due today, overdue, paid this month (one query)
export const GET = route(
  {
    name: "GET /api/charges/aging",
    summary: "How the charges stand today (Brazil time): open and due today, overdue (unpaid, due in the last 30 days) with the oldest due date, and received this month",
    answers: { 200: chargeAgingAnswer },
    permission: "viewPayments",
  },
  async () => jsonOk({ aging: await chargeAging(await getDb()) }),
);
