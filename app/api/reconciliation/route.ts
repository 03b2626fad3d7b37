import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { listFindings } from "@/lib/transfers/server/findings";
import { findingsQuerySchema } from "@/lib/transfers/findings-query";
import { findingListAnswer } from "@/lib/transfers/answers";

export const GET = route(
  {
    name: "GET /api/reconciliation",
    summary: "What the reconciler found that needs a person (?state=open|resolved&page=)",
    answers: { 200: findingListAnswer },
    permission: "reconciliation", query: findingsQuerySchema,
  },
  async ({ query }) => jsonOk(await listFindings(await getDb(), query)),
);
