import type { IncomingMessage } from "node:http";
import { OPERATION_SUCCEEDED, WEBHOOK_TYPES, registerWebhookSchema } from "@/lib/contract";
import { error, json, readJsonObject, type Reply } from "./http-io";
import type { SandboxCore } from "./sandbox-core";
import { joinMessages, providerMessages } from "./validation";

function isLoopback(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127\.\d+\.\d+\.\d+$/.test(h);
}

const typeOf = (segment: string) => WEBHOOK_TYPES.find((t) => String(t.id) === segment);
const typeNotFound = (): Reply => error(406, "Webhook type not found.");

/** GET /v1/webhooks: each registered type's URL and whether deliveries carry an Authorization header. */
export function listWebhooks(core: SandboxCore): Reply {
  const webhooks = core.webhooks
    .list()
    .sort((a, b) => a.type_id - b.type_id)
    .map((w) => ({ url: w.url, webhook_type_id: w.type_id, authorization_header: w.authorization !== "" }));
  return json(200, { webhooks });
}

/**
 * POST /v1/webhooks/{type_id} `{url, authorization}`: 201 `{"message":"Operation succeeded"}`
 * when new, 200 when it replaces the type's earlier registration. https only (http on loopback).
 */
export async function registerWebhook(core: SandboxCore, req: IncomingMessage, typeSegment: string): Promise<Reply> {
  const type = typeOf(typeSegment);
  if (!type) return typeNotFound();
  const body = await readJsonObject(req);
  if (!body.ok) return body.reply;
  const parsed = registerWebhookSchema.safeParse(body.value);
  if (!parsed.success) {
    return error(400, joinMessages(providerMessages(parsed.error.issues, body.value, ["url", "authorization"])));
  }
  const url = new URL(parsed.data.url);
  const allowed = url.protocol === "https:" || (url.protocol === "http:" && isLoopback(url.hostname));
  if (!allowed) return error(400, "url must use https (http only on loopback)");
  const registration = { type_id: type.id, url: parsed.data.url, authorization: parsed.data.authorization };
  await core.store.saveWebhook(registration);
  const replaced = core.webhooks.register(registration);
  return json(replaced ? 200 : 201, { message: OPERATION_SUCCEEDED });
}

/** DELETE /v1/webhooks/{type_id}: 200 whether or not one was registered (the documentation knows no other answer). */
export async function deleteWebhook(core: SandboxCore, typeSegment: string): Promise<Reply> {
  const type = typeOf(typeSegment);
  if (!type) return typeNotFound();
  await core.store.deleteWebhook(type.id);
  core.webhooks.unregister(type.id);
  return json(200, { message: OPERATION_SUCCEEDED });
}
