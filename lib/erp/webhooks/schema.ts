import "@/lib/zod-config";
import { z } from "zod";
import { instantSchema } from "@/lib/domain/answer-fields";

/** Client-safe: what the webhook endpoint routes take and answer (the form and the routes share them). */

/** `*`, `transfer.*` or one type such as `batch.completed`. */
export const EVENT_PATTERN = /^(\*|[a-z][a-z_]{0,30}\.(\*|[a-z][a-z_]{0,40}))$/;
export const MAX_PATTERNS = 30;
export const URL_MAX = 2_000;
export const DESCRIPTION_MAX = 200;

const urlSchema = z
  .string()
  .trim()
  .max(URL_MAX, "validation.erp.url")
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), "validation.erp.url");
const eventsSchema = z
  .array(z.string().trim().regex(EVENT_PATTERN, "validation.erp.pattern"), { error: "validation.erp.pattern" })
  .min(1, "validation.erp.noPattern")
  .max(MAX_PATTERNS, "validation.erp.tooManyPatterns");
const descriptionSchema = z.string().trim().max(DESCRIPTION_MAX, "validation.erp.description");

export const createEndpointBodySchema = z.strictObject({
  url: urlSchema.describe("Where the events are POSTed (https outside sandbox mode; no private addresses unless WEBHOOK_ALLOW_PRIVATE_URLS=true)"),
  events: eventsSchema.describe("Event type patterns: `*`, `transfer.*`, `batch.completed`"),
  description: descriptionSchema.optional(),
});

export const updateEndpointBodySchema = z.strictObject({
  url: urlSchema.optional(),
  events: eventsSchema.optional(),
  description: descriptionSchema.optional(),
  /** true: enabled again (after it was disabled for failing); false: paused. */
  enabled: z.boolean().optional(),
  /** true: a new signing secret, answered once; the old one stops signing at once. */
  rotate_secret: z.boolean().optional(),
});

export const endpointParamsSchema = z.object({ id: z.uuid("validation.erp.endpoint") });
export const deliveryParamsSchema = z.object({ id: z.uuid("validation.erp.endpoint"), delivery_id: z.uuid("validation.erp.delivery") });

export const endpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    description: z.string().nullable(),
    enabled: z.boolean(),
    failing_since: instantSchema.nullable(),
    disabled_at: instantSchema.nullable(),
    disabled_reason: z.string().nullable(),
    created_at: instantSchema,
  })
  .meta({ id: "WebhookEndpoint" });

/** The endpoint with its signing secret: only in the answer that made or rotated it. */
export const endpointWithSecretAnswer = z
  .object({ endpoint: endpointSchema.extend({ secret: z.string().describe("whsec_ + base64: shown this once") }) })
  .meta({ id: "WebhookEndpointWithSecret" });
export const endpointAnswer = z.object({ endpoint: endpointSchema }).meta({ id: "WebhookEndpointAnswer" });
export const endpointListAnswer = z.object({ endpoints: z.array(endpointSchema) }).meta({ id: "WebhookEndpointList" });

export const DELIVERY_STATES = ["pending", "delivered", "failed"] as const;

export const deliverySchema = z
  .object({
    id: z.string(),
    webhook_id: z.string().describe("The Standard Webhooks message id, the same on every attempt"),
    event_id: z.string(),
    event_type: z.string(),
    state: z.enum(DELIVERY_STATES),
    attempts: z.number().int(),
    next_attempt_at: instantSchema.nullable(),
    delivered_at: instantSchema.nullable(),
    created_at: instantSchema,
    history: z.array(
      z.object({
        at: instantSchema,
        status: z.number().int().nullable().describe("The receiver's HTTP status; null: no answer"),
        excerpt: z.string().nullable().describe("The first characters of the answer"),
        error: z.string().nullable(),
        duration_ms: z.number().int(),
      }),
    ),
  })
  .meta({ id: "WebhookDelivery" });
export const deliveryListAnswer = z.object({ deliveries: z.array(deliverySchema) }).meta({ id: "WebhookDeliveryList" });
export const deliveryAnswer = z.object({ delivery: deliverySchema }).meta({ id: "WebhookDeliveryAnswer" });

export type CreateEndpointBody = z.infer<typeof createEndpointBodySchema>;
export type UpdateEndpointBody = z.infer<typeof updateEndpointBodySchema>;
export type WebhookEndpoint = z.infer<typeof endpointSchema>;
export type WebhookDelivery = z.infer<typeof deliverySchema>;
export const endpointDeletedAnswer = z.object({ deleted: z.literal(true) }).meta({ id: "WebhookEndpointDeleted" });
/** PATCH's answer: the secret only when it was rotated. */
export const endpointMaybeWithSecretAnswer = z
  .object({ endpoint: endpointSchema.extend({ secret: z.string().optional().describe("Only when rotate_secret was true: the new whsec_ secret, shown this once") }) })
  .meta({ id: "WebhookEndpointChanged" });
