import "@/lib/zod-config";
import { z } from "zod";

/** The documented success body of webhook registration, removal and the homologation payment ("Operation succeeded"). */
export const operationAnswerSchema = z.object({ message: z.string() });

/** GET /v1/webhooks: what is registered per type (the Authorization value itself is never shown). */
export const webhookListAnswerSchema = z.object({
  webhooks: z.array(
    z.object({
      url: z.string(),
      webhook_type_id: z.coerce.number().int(),
      authorization_header: z.boolean(),
    }),
  ),
});
type WebhookListAnswer = z.infer<typeof webhookListAnswerSchema>;
export type WebhookListItem = WebhookListAnswer["webhooks"][number];
