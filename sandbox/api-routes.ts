import { renderCheckout } from "./checkout-page";
import { MESSAGES, WEBHOOK_TYPES } from "./documented";
import { joinMessages } from "./field-rules";
import { listItem } from "./format";
import { error, json, jsonObject, type Reply, type RequestContext } from "./http-io";
import { parseListQuery, runListQuery } from "./list-query";
import { routeQrcodes } from "./qrcode-routes";
import { renderReceipt } from "./receipt";
import type { SandboxCore } from "./sandbox-core";
import { deleteWebhook, listWebhooks, registerWebhook } from "./webhook-routes";

const unauthorized = (): Reply => error(401, MESSAGES.unauthorized);
const notAllowed = (): Reply => error(405, "Method not allowed");

/** The balance's 401 is documented with a shape of its own. */
const balanceUnauthorized = (): Reply =>
  json(401, { data: { error: MESSAGES.unauthorized, details: "Invalid or expired access token" }, status: 401 });

/** Is this a path of the provider's documented API (so a missing token is 401, a wrong method 405)? */
function isKnownPath(s: string[]): boolean {
  const path = s.join("/");
  if (path === "v1/pix/payments" || path === "v1/pix/qrcodes" || path === "v1/pix/checkout") return true;
  if (path === "v1/webhooks" || path === "v1/webhooks/types" || path === "v1/account/balance") return true;
  if (s.length === 3 && s[1] === "webhooks") return true;
  if (s[1] !== "pix" || (s[2] !== "payments" && s[2] !== "qrcodes")) return false;
  if (s.length === 4) return true;
  if (s.length !== 5) return false;
  if (s[2] === "payments") return s[4] === "idempotent_id";
  return s[3] === "end_to_end" || s[4] === "pay";
}

/** The provider's API. Returns null when no route matches (the server answers 404). */
export async function routeApi(core: SandboxCore, ctx: RequestContext): Promise<Reply | null> {
  const { method, segments: s } = ctx;
  const path = s.join("/");
  if (path === "auth/generate_token") return method === "POST" ? generateToken(core, ctx) : notAllowed();
  if (s[0] === "receipts" && s.length === 2) return method === "GET" ? receipt(core, s[1]!) : notAllowed();
  if (s[0] === "checkout" && s.length === 2) return method === "GET" ? checkoutPage(core, s[1]!) : notAllowed();
  if (s[0] === "checkout" && s.length === 3 && s[2] === "pay") return method === "POST" ? checkoutPay(core, s[1]!) : notAllowed();
  if (s[0] !== "v1" || !isKnownPath(s)) return null;
  if (!core.tokens.checkBearer(ctx.req)) return path === "v1/account/balance" ? balanceUnauthorized() : unauthorized();

  if (path === "v1/account/balance") return method === "GET" ? balance(core) : notAllowed();
  if (s[1] === "webhooks") {
    if (path === "v1/webhooks") return method === "GET" ? listWebhooks(core) : notAllowed();
    if (path === "v1/webhooks/types") {
      return method === "GET" ? json(200, { webhook_types: WEBHOOK_TYPES.map((t) => ({ ...t })) }) : notAllowed();
    }
    if (method === "POST") return registerWebhook(core, ctx, s[2]!);
    return method === "DELETE" ? deleteWebhook(core, s[2]!) : notAllowed();
  }
  if (s[2] !== "payments") return routeQrcodes(core, ctx);
  if (s.length === 3) {
    if (method === "POST") {
      const body = jsonObject(ctx);
      return body.ok ? core.register(body.value) : body.reply;
    }
    return method === "GET" ? listPayments(core, ctx.search) : notAllowed();
  }
  if (method !== "GET") return notAllowed();
  // GET .../{idempotent_id}/idempotent_id, or GET .../{reference_code}: the same answer.
  const p = s.length === 5 ? core.index.get(s[3]!) : core.index.getByReference(s[3]!);
  return p ? json(200, core.quirks.singlePayment(p)) : error(406, MESSAGES.paymentNotFound);
}

/**
 * POST /auth/generate_token: Basic credentials and `{"grant_type":"client_credentials"}` (JSON,
 * or a form as OAuth2 clients send it); anything else is 401 Unauthorized.
 */
function generateToken(core: SandboxCore, ctx: RequestContext): Reply {
  const { req, body: raw } = ctx;
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
  const grant = typeof body === "object" && body !== null ? (body as Record<string, unknown>).grant_type : undefined;
  if (grant !== "client_credentials") return unauthorized();
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

/** GET /v1/account/balance: available = total less what authorized transfers in flight block. */
function balance(core: SandboxCore): Reply {
  const b = core.balance();
  return json(200, {
    data: {
      account_balance: {
        available_value_cents: b.availableCents,
        blocked_value_cents: b.blockedCents,
        total_value_cents: b.totalCents,
      },
      status: "success",
    },
  });
}

function receipt(core: SandboxCore, ref: string): Reply {
  const p = core.index.getByReference(ref);
  if (!p) return error(406, MESSAGES.paymentNotFound);
  return { status: 200, body: null, raw: renderReceipt(p), contentType: "text/html; charset=utf-8" };
}

async function checkoutPage(core: SandboxCore, requestId: string, refusal?: string): Promise<Reply> {
  await core.charges.expireDue();
  const q = core.charges.byRequestId(requestId);
  if (!q) return error(406, MESSAGES.qrcodeNotFound);
  return { status: refusal ? 422 : 200, body: null, raw: await renderCheckout(q, refusal), contentType: "text/html; charset=utf-8" };
}

/**
 * "Pagar" on the checkout page (no token: the payer is on a public page): exactly what the
 * homologation call `/pay` does (paid, then the pix_qrcode notification), then back to the page
 * (303), which now says it was paid. A charge that cannot be paid shows the page with the refusal.
 */
async function checkoutPay(core: SandboxCore, requestId: string): Promise<Reply> {
  await core.charges.expireDue();
  const q = core.charges.byRequestId(requestId);
  if (!q) return error(406, MESSAGES.qrcodeNotFound);
  const paid = await core.charges.pay(q.reference_code);
  if (paid.status !== 200) return checkoutPage(core, requestId, (paid.body as { error?: string } | null)?.error ?? MESSAGES.operationFailed);
  return { status: 303, body: null, raw: "", contentType: "text/plain; charset=utf-8", location: `/checkout/${encodeURIComponent(requestId)}` };
}
