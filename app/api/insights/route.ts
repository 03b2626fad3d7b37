import { requireApiUser } from "@/lib/auth/guard";
import { jsonError, jsonOk, queryObject, setRequestUser, validationError, withRoute } from "@/lib/http";
import { isBucketRangeError } from "@/lib/insights/buckets";
import { resolveInsightsQuery } from "@/lib/insights/query";
import { insightsQuerySchema } from "@/lib/insights/schema";
import { getInsights } from "@/lib/insights/server";
import { brazilDayKey } from "@/lib/pix/time";

export const GET = withRoute("GET /api/insights", async (request) => {
  // GET /api/insights: overview totals (by status, day or week) built from list `meta`; shape in lib/insights/schema.ts
  const gate = await requireApiUser(request, "viewPayments");
  if ("response" in gate) return gate.response;
  setRequestUser(gate.user.id);
  const query = queryObject(request.url);
  if ("response" in query) return query.response;
  const parsed = insightsQuerySchema.safeParse(query.query);
  if (!parsed.success) return validationError(parsed.error, 400);
  const resolved = resolveInsightsQuery(parsed.data, brazilDayKey(new Date()));
  try {
    return jsonOk(await getInsights(resolved));
  } catch (err) {
    if (isBucketRangeError(err)) {
      return jsonError(400, err.message, { kind: "validation", fields: { [err.field]: err.message } });
    }
    throw err;
  }
});
