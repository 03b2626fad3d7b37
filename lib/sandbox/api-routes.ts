import type { IncomingMessage } from "node:http";
import { PROVIDER_MESSAGES, WEBHOOK_TYPES, registerWebhookSchema, tokenRequestSchema } from "@/lib/contract";
import { listItem, paymentDetail, qrcodeAnswer } from "./format";
import { error, json, readJsonObject, readRawBody, type Reply } from "./http-io";
import { parseListQuery, runListQuery } from "./list-query";
import type { SandboxCore } from "./sandbox-core";
import { providerMessages, joinMessages } from "./validation";
import { renderReceipt } from "./receipt";

export interface RequestContext {
  req: IncomingMessage;
  method: string;
  /** Decoded path segments, without the leading empty one and a single trailing slash. */
  segments: string[];
  trailingSlash: boolean;
  search: URLSearchParams;
}

const unauthorized = (): Reply => error(401, PROVIDER_MESSAGES.unauthorized);
const notAllowed = (): Reply => error(405, "Method not allowed");

/** The provider's API. Returns null when no route matches (the server answers 404). */
export async function routeApi(core: SandboxCore, ctx: RequestContext): Promise<Reply | null> {
  const { method, segments: s } = ctx;
  const path = s.join("/");
  if (path === "auth/generate_token") return method === "POST" ? generateToken(core, ctx.req) : notAllowed();
  if (s[0] === "receipts" && s.length === 2) return method === "GET" ? receipt(core, s[1]!) : notAllowed();
  if (s[0] !== "v1") return null;
  const known =
    path === "v1/pix/payments" ||
    path === "v1/webhooks/types" ||
    (s.length === 3 && path.startsWith("v1/webhooks/")) ||
    (s.length === 5 && s[1] === "pix" && s[2] === "payments" && s[4] === "idempotent_id") ||
    (s.length === 5 && s[1] === "pix" && s[2] === "qrcodes" && s[3] === "end_to_end");
  if (!known) return null;
  if (!core.tokens.checkBearer(ctx.req)) return unauthorized();

  if (path === "v1/pix/payments") {
    if (method === "POST") {
      const body = await readJsonObject(ctx.req);
      return body.ok ? core.register(body.value) : body.reply;
    }
    return method === "GET" ? listPayments(core, ctx.search) : notAllowed();
  }
  if (path === "v1/webhooks/types") {
    return method === "GET" ? json(200, { webhook_types: WEBHOOK_TYPES.map((t) => ({ ...t })) }) : notAllowed();
  }
  if (s[1] === "webhooks") return method === "POST" ? registerWebhook(core, ctx.req, s[2]!) : notAllowed();
  if (method !== "GET") return notAllowed();
  if (s[2] === "payments") {
    const p = core.index.get(s[3]!);
    return p ? json(200, { payment: paymentDetail(p) }) : error(406, PROVIDER_MESSAGES.paymentNotFound);
  }
  const qr = core.index.qrcode(s[4]!);
  return qr ? json(200, { qrcode: qrcodeAnswer(qr) }) : error(406, PROVIDER_MESSAGES.qrcodeNotFound);
}

async function generateToken(core: SandboxCore, req: IncomingMessage): Promise<Reply> {
  const raw = await readRawBody(req);
  if (raw === "too-large") return { ...unauthorized(), closeConnection: true };
  if (!core.tokens.checkBasic(req.headers.authorization)) return unauthorized();
  const text = raw.toString("utf8");
  let body: unknown;
  const type = (req.headers["content-type"] ?? "").toLowerCase();
  if (type.startsWith("application/x-www-form-urlencoded")) {
    body = Object.fromEntries(new URLSearchParams(text));
  } else {
    try {
      body = JSON.parse(text);
    } catch {
      return unauthorized();
    }
  }
  if (!tokenRequestSchema.safeParse(body).success) return unauthorized();
  return json(200, core.tokens.issue());
}

function listPayments(core: SandboxCore, search: URLSearchParams): Reply {
  const parsed = parseListQuery(search);
  if (!parsed.ok) return error(400, joinMessages(parsed.messages));
  const r = runListQuery(core.index, parsed.filters);
  return json(200, {
    payments: r.items.map(listItem),
    meta: {
      current_page: r.page,
      total_pages: r.totalPages,
      total_items_amount: r.totalItems,
      total_value_cents: r.totalValueCents,
    },
  });
}

function isLoopback(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127\.\d+\.\d+\.\d+$/.test(h);
}

async function registerWebhook(core: SandboxCore, req: IncomingMessage, typeSegment: string): Promise<Reply> {
  const type = WEBHOOK_TYPES.find((t) => String(t.id) === typeSegment);
  if (!type) return error(406, "Webhook type not found.");
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
  core.webhooks.register(registration);
  return json(201, { webhook: { type_id: type.id, type_name: type.name, url: registration.url } });
}

function receipt(core: SandboxCore, ref: string): Reply {
  const p = core.index.all().find((row) => row.reference_code === ref);
  if (!p) return error(406, PROVIDER_MESSAGES.paymentNotFound);
  return { status: 200, body: null, raw: renderReceipt(p), contentType: "text/html; charset=utf-8" };
}
