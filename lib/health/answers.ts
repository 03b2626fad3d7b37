import "@/lib/zod-config";
import { z } from "zod";
import { instantSchema } from "@/lib/domain/answer-fields";

/** What the load balancers' routes answer (no session, never a secret). */

/** GET /api/health: the provider's reachability and our token's state (200 ok, 503 degraded). */
export const healthAnswer = z.object({
  status: z.enum(["ok", "degraded"]),
  provider: z.object({
    mode: z.enum(["sandbox", "provider"]),
    /** The provider answered over HTTP (any status). */
    reachable: z.boolean(),
    /** Our credentials got a token. */
    authenticated: z.boolean(),
    latency_ms: z.number().nullable(),
    token: z.object({ cached: z.boolean(), expires_in_s: z.number().nullable() }),
    error: z.string().optional(),
    checked_at: instantSchema,
  }),
}).meta({ id: "Health" });

const checkSchema = z.object({ ok: z.boolean(), ms: z.number(), error: z.string().optional() });

/** GET /api/ready: store, job queue, provider token (200 ready, 503 not) and webhook registration (200 degraded until it holds). */
export const readinessAnswer = z.object({
  status: z.enum(["ready", "degraded", "not_ready"]),
  checks: z.object({ store: checkSchema, queue: checkSchema, provider: checkSchema, webhooks: checkSchema }),
}).meta({ id: "Readiness" });
