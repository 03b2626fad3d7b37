import "server-only";
import { getEnv } from "@/lib/env";

/** What making a charge needs from the configuration: who receives (the provider's generator) and where a link's page returns to. */
export function chargeDeps() {
  const env = getEnv();
  return { issuer: env.company, returnUrl: env.appUrl };
}
