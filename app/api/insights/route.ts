import { jsonError, jsonOk, route } from "@/lib/http";
import { isBucketRangeError } from "@/lib/insights/buckets";
import { resolveInsightsQuery } from "@/lib/insights/query";
import { insightsQuerySchema } from "@/lib/insights/schema";
import { getInsights } from "@/lib/insights/server";
import { formatBrazilDay } from "@/lib/pix/date-input";
import { brazilDayKey } from "@/lib/pix/time";
import { insightsAnswerSchema } from "@/lib/insights/schema";

export const GET = route(
  {
    name: "GET /api/insights",
    summary: "Overview totals (by status, day or week) built from list `meta`; shape in lib/insights/schema.ts",
    answers: { 200: insightsAnswerSchema },
    permission: "viewPayments", query: insightsQuerySchema,
  },
  async ({ query, t }) => {
    const resolved = resolveInsightsQuery(query, brazilDayKey(new Date()));
    try {
      return jsonOk(await getInsights(resolved));
    } catch (err) {
      if (isBucketRangeError(err)) {
        // Formats do not follow the language: days read dd/mm/aaaa, counts as Brazilian numbers.
        const values = Object.fromEntries(
          Object.entries(err.values).map(([k, v]) => [k, typeof v === "number" ? v.toLocaleString("pt-BR") : formatBrazilDay(v)]),
        );
        const message = t(`overview.rangeErrors.${err.code}`, values);
        return jsonError(400, message, { kind: "validation", fields: { [err.field]: message } });
      }
      throw err;
    }
  },
);
