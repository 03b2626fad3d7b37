import "server-only";
import { getEnv } from "@/lib/env";

/** The slice of the server configuration the provider client needs. Read per call (cheap, cached). */
type ClientConfig = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  registerTimeoutMs: number;
  readRetries: number;
  sandboxMode: boolean;
};

export function getClientConfig(): ClientConfig {
  const env = getEnv();
  return {
    baseUrl: env.paymentsApiUrl,
    clientId: env.clientId,
    clientSecret: env.clientSecret,
    timeoutMs: env.timeoutMs,
    registerTimeoutMs: env.registerTimeoutMs,
    readRetries: env.readRetries,
    sandboxMode: env.sandboxMode,
  };
}
