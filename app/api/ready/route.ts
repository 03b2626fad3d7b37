import { jsonOk, route } from "@/lib/http";
import { checkReadiness } from "@/lib/readiness";
import { readinessAnswer } from "@/lib/health/answers";

export const dynamic = "force-dynamic";

// GET /api/ready: readiness for load balancers: store, job queue and provider token (200 ready, 503 not; no session, no secret)
export const GET = route(
  {
    name: "GET /api/ready",
    summary: "Readiness for load balancers: store, job queue and provider token (200 ready, 503 not; no session, no secret)",
    answers: { 200: readinessAnswer, 503: readinessAnswer },
    permission: "public",
  },
  async () => {
  const readiness = await checkReadiness();
  return jsonOk(readiness, readiness.status === "ready" ? 200 : 503);
});
