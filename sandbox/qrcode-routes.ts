import { MESSAGES } from "./documented";
import { qrcodeAnswer, qrcodeListItem } from "./format";
import { joinMessages } from "./field-rules";
import { error, json, jsonObject, tooLarge, type Reply, type RequestContext } from "./http-io";
import { parseQrcodeListQuery } from "./qrcode-index";
import type { SandboxCore } from "./sandbox-core";

const notAllowed = (): Reply => error(405, "Method not allowed");

/** Paths under /v1/pix/qrcodes (and /v1/pix/checkout); null when none matches. */
export async function routeQrcodes(core: SandboxCore, ctx: RequestContext): Promise<Reply | null> {
  const { method, segments: s } = ctx;
  if (s.length === 3 && s[2] === "checkout") {
    if (method !== "POST") return notAllowed();
    const body = jsonObject(ctx);
    return body.ok ? core.charges.checkout(body.value) : body.reply;
  }
  if (s[2] !== "qrcodes") return null;
  if (s.length === 3) {
    if (method === "GET") return listQrcodes(core, ctx.search);
    if (method !== "POST") return notAllowed();
    const body = jsonObject(ctx);
    return body.ok ? core.charges.create(body.value) : body.reply;
  }
  if (s.length === 5 && s[3] === "end_to_end") {
    if (method !== "GET") return notAllowed();
    const qr = core.qrcodes.byEndToEndId(s[4]!);
    return qr ? json(200, { qrcode: qrcodeAnswer(qr) }) : error(406, MESSAGES.qrcodeNotFound);
  }
  if (s.length === 5 && s[4] === "pay") {
    if (method !== "POST") return notAllowed();
    // No body is documented: whatever comes is ignored.
    if (ctx.body === "too-large") return tooLarge();
    return core.charges.pay(s[3]!);
  }
  if (s.length === 4) return method === "GET" ? core.charges.read(s[3]!) : notAllowed();
  return null;
}

async function listQrcodes(core: SandboxCore, search: URLSearchParams): Promise<Reply> {
  const parsed = parseQrcodeListQuery(search);
  if (!parsed.ok) return error(400, joinMessages(parsed.messages));
  await core.charges.expireDue();
  const r = core.qrcodes.query(parsed.query);
  return json(200, {
    qrcodes: r.items.map(qrcodeListItem),
    meta: {
      current_page: r.page,
      total_pages: r.totalPages,
      total_items_amount: r.totalItems,
      total_value_cents: r.totalValueCents,
    },
  });
}
