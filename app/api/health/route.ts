import { jsonOk, route } from "@/lib/http";
import { getHealth } from "@/lib/payments-api";
import { healthAnswer } from "@/lib/health/answers";

export const GET = route(
  {
    name: "GET /api/health",
    summary: "Provider reachability and token state (no session; never a secret)",
    answers: { 200: healthAnswer, 503: healthAnswer },
    permission: "public",
  },
  async () => {
  const provider = await getHealth();
  const ok = provider.reachable && provider.authenticated;
  return jsonOk({ status: ok ? "ok" : "degraded", provider }, ok ? 200 : 503);
});
