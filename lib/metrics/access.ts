import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";

export type MetricsAccess = "off" | "refused" | "allowed";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Who may scrape: nobody when METRICS_TOKEN is unset (the route answers 404, as if it did not
 * exist), else a caller with `Authorization: Bearer <METRICS_TOKEN>`. Compared in constant time
 * (over digests, so neither the length nor a prefix of the token leaks through timing).
 */
export function metricsAccess(authorization: string | null, token: string | undefined): MetricsAccess {
  if (!token) return "off";
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0 ? "allowed" : "refused";
}
