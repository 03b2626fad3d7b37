import { MESSAGES, WEBHOOK_TYPES } from "./documented";
import { checkFields, joinMessages, type FieldRules } from "./field-rules";
import { error, json, jsonObject, type Reply, type RequestContext } from "./http-io";
import type { SandboxCore } from "./sandbox-core";

/** Body of POST /v1/webhooks/{type_id}: the receiver's URL and the Authorization value deliveries carry. */
const WEBHOOK_FIELDS = {
  url: { type: "string", max: 2048 },
  authorization: { type: "string", max: 512, keepSpaces: true },
} as const satisfies FieldRules;

function parsedUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

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
export async function registerWebhook(core: SandboxCore, ctx: RequestContext, typeSegment: string): Promise<Reply> {
  const type = typeOf(typeSegment);
  if (!type) return typeNotFound();
  const body = jsonObject(ctx);
  if (!body.ok) return body.reply;
  const checked = checkFields(body.value, WEBHOOK_FIELDS, () => true);
  const url = checked.ok ? parsedUrl(checked.values.url as string) : null;
  if (!checked.ok || !url) return error(400, joinMessages(checked.ok ? ["url invalid"] : checked.messages));
  const allowed = url.protocol === "https:" || (url.protocol === "http:" && isLoopback(url.hostname));
  if (!allowed) return error(400, "url must use https (http only on loopback)");
  const registration = { type_id: type.id, url: checked.values.url as string, authorization: checked.values.authorization as string };
  await core.store.saveWebhook(registration);
  const replaced = core.webhooks.register(registration);
  return json(replaced ? 200 : 201, { message: MESSAGES.operationSucceeded });
}

/** DELETE /v1/webhooks/{type_id}: 200 whether or not one was registered (the documentation knows no other answer). */
export async function deleteWebhook(core: SandboxCore, typeSegment: string): Promise<Reply> {
  const type = typeOf(typeSegment);
  if (!type) return typeNotFound();
  await core.store.deleteWebhook(type.id);
  core.webhooks.unregister(type.id);
  return json(200, { message: MESSAGES.operationSucceeded });
}
