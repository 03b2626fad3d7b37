import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { alertsQuerySchema } from "@/lib/alerts/query";
import { listAlerts } from "@/lib/alerts/store";
import { viewerOf } from "@/lib/alerts/viewer";

// GET /api/alerts: alerts, newest first (?state=open|resolved&page=); operators see those about their own transfers
export const GET = route({ name: "GET /api/alerts", permission: "alerts", query: alertsQuerySchema }, async ({ user, query }) =>
  jsonOk(await listAlerts(await getDb(), viewerOf(user), query)),
);
