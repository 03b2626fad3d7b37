import { jsonOk, route } from "@/lib/http";
import { checkReadiness } from "@/lib/readiness";
import { readinessAnswer } from "@/lib/health/answers";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    name: "GET /api/ready",
    summary: "Readiness for load balancers: store, job queue, provider token and webhook registration (200 ready or degraded, 503 not ready; no session, no secret)",
    answers: { 200: readinessAnswer, 503: readinessAnswer },
    permission: "public",
  },
  async () => {
  const readiness = await checkReadiness();
  return jsonOk(readiness, readiness.status === "not_ready" ? 503 : 200);
});
