import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { alertsQuerySchema } from "@/lib/alerts/query";
import { listAlerts } from "@/lib/alerts/store";
import { viewerOf } from "@/lib/alerts/viewer";
import { alertListAnswer } from "@/lib/alerts/answers";

export const GET = route(
  {
    name: "GET /api/alerts",
    summary: "Alerts, newest first (?state=open|resolved&page=); operators see those about their own transfers",
    answers: { 200: alertListAnswer },
    permission: "alerts", query: alertsQuerySchema,
  },
  async ({ user, query }) =>
  jsonOk(await listAlerts(await getDb(), viewerOf(user), query)),
);
