import "server-only";
import "@/lib/zod-config";
import { z } from "zod";
import { registerWebhookSchema } from "@/lib/contract";
import { callProvider, expectAnswer } from "./client";
import { PaymentsApiError } from "./errors";
import { webhookPath } from "./path";
import { issuesToFields } from "@/lib/domain/zod-fields";

/** The answer of webhook registration is not documented: any JSON object is accepted. */
const webhookAnswerSchema = z.looseObject({});

/**
 * POST /v1/webhooks/{type_id} (1 = pix_qrcodes, 2 = pix_payments). Every delivery will then
 * carry `authorization` as its Authorization header. Not retried (it is a POST).
 */
export async function registerWebhook(typeId: 1 | 2, url: string, authorization: string): Promise<void> {
  const path = webhookPath(typeId);
  const body = registerWebhookSchema.safeParse({ url, authorization });
  if (!body.success) {
    throw new PaymentsApiError("Invalid webhook registration", {
      kind: "invalid",
      status: 0,
      operation: "registerWebhook",
      fields: issuesToFields(body.error.issues, { fallback: "body" }),
    });
  }
  const answer = await callProvider({ operation: "registerWebhook", method: "POST", path, body: body.data });
  if (answer.status === 204) return;
  expectAnswer(answer, webhookAnswerSchema, "registerWebhook", [200, 201]);
}
