import "server-only";
import { WEBHOOK_TYPES, operationAnswerSchema, webhookListAnswerSchema, type WebhookListItem } from "@/lib/contract";
import { callProvider, expectAnswer } from "./client";
import { webhookPath } from "./path";

export type WebhookRegistration = {
  typeId: number;
  /** "pix_qrcodes" | "pix_payments" (or the number as text for a type we do not know). */
  typeName: string;
  url: string;
  /** Deliveries carry an Authorization header (its value is never shown). */
  authorizationHeader: boolean;
};

const toRegistration = (w: WebhookListItem): WebhookRegistration => ({
  typeId: w.webhook_type_id,
  typeName: WEBHOOK_TYPES.find((t) => t.id === w.webhook_type_id)?.name ?? String(w.webhook_type_id),
  url: w.url,
  authorizationHeader: w.authorization_header,
});

/** GET /v1/webhooks: what the provider will deliver, to where. */
export async function listWebhooks(): Promise<WebhookRegistration[]> {
  const answer = await callProvider({ operation: "listWebhooks", method: "GET", path: "/v1/webhooks" });
  return expectAnswer(answer, webhookListAnswerSchema, "listWebhooks").webhooks.map(toRegistration);
}

/** DELETE /v1/webhooks/{type_id}. Like every call that changes something, never retried. */
export async function deleteWebhook(typeId: 1 | 2): Promise<void> {
  const answer = await callProvider({ operation: "deleteWebhook", method: "DELETE", path: webhookPath(typeId) });
  expectAnswer(answer, operationAnswerSchema, "deleteWebhook");
}
