import { jsonOk, withRoute } from "@/lib/http";
import { getHealth } from "@/lib/payments-api";

export const GET = withRoute("GET /api/health", async () => {
  // GET /api/health: provider reachability and token state (no session; never a secret)
  const provider = await getHealth();
  const ok = provider.reachable && provider.authenticated;
  return jsonOk({ status: ok ? "ok" : "degraded", provider }, ok ? 200 : 503);
});
