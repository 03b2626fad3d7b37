import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { jsonError, NO_STORE, route } from "@/lib/http";
import { metricsAccess, scrapeMetrics } from "@/lib/metrics";
import { fileAnswer } from "@/lib/http/answers";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    name: "GET /api/metrics",
    summary: "Prometheus text for the operators' scraper (Bearer METRICS_TOKEN; unset: metrics off, 404)",
    answers: { 200: fileAnswer("text/plain", "Prometheus text exposition") },
    permission: "public",
  },
  async ({ request, t }) => {
  const access = metricsAccess(request.headers.get("authorization"), getEnv().metricsToken);
  if (access === "off") return jsonError(404, t("errors.notFoundEndpoint"), { kind: "not_found" });
  if (access === "refused") {
    return jsonError(401, t("errors.metricsToken"), { kind: "unauthenticated" }, { "www-authenticate": 'Bearer realm="metrics"' });
  }
  const { contentType, text } = await scrapeMetrics(await getDb());
  return new Response(text, { headers: { "content-type": contentType, ...NO_STORE } });
});
