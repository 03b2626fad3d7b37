/**
 * Every /api route and the methods its file exports, for the method gate (method-gate.ts), which
 * answers before Next.js has loaded any route. `lib/http/route-inventory.test.ts` holds this
 * table equal to the files under app/api: a new route or method fails that test until it is
 * listed here. HEAD (when GET is served) and OPTIONS are answered by Next.js for every route.
 */
export const API_ROUTE_METHODS: Readonly<Record<string, readonly string[]>> = {
  "/api/[...unknown]": ["DELETE", "GET", "PATCH", "POST", "PUT"],
  "/api/admin/pending-changes": ["GET"],
  "/api/admin/pending-changes/[id]/confirm": ["POST"],
  "/api/admin/pending-changes/[id]/refuse": ["POST"],
  "/api/alerts": ["GET"],
  "/api/alerts/[id]/acknowledge": ["POST"],
  "/api/alerts/[id]/resolve": ["POST"],
  "/api/alerts/bell": ["GET"],
  "/api/alerts/seen": ["POST"],
  "/api/audit": ["GET"],
  "/api/audit/export": ["GET"],
  "/api/auth/[...all]": ["GET", "POST"],
  "/api/balance": ["GET"],
  "/api/cash-position": ["GET"],
  "/api/batches": ["GET", "POST"],
  "/api/batches/[id]": ["DELETE", "GET"],
  "/api/batches/[id]/approve": ["POST"],
  "/api/batches/[id]/cancel": ["POST"],
  "/api/batches/[id]/errors": ["GET"],
  "/api/batches/[id]/receipts": ["GET"],
  "/api/batches/[id]/reject": ["POST"],
  "/api/batches/[id]/results": ["GET"],
  "/api/batches/[id]/retry": ["POST"],
  "/api/batches/[id]/submit": ["POST"],
  "/api/batches/template.csv": ["GET"],
  "/api/brcode/decode": ["GET"],
  "/api/charges": ["GET", "POST"],
  "/api/charges/[id]": ["GET"],
  "/api/charges/[id]/pdf": ["GET"],
  "/api/charges/[id]/qrcode.png": ["GET"],
  "/api/charges/[id]/receipt": ["GET"],
  "/api/charges/aging": ["GET"],
  "/api/charges/[id]/send": ["POST"],
  "/api/charges/[id]/withdraw": ["POST"],
  "/api/charges/import": ["POST"],
  "/api/cost-centres": ["GET", "POST"],
  "/api/cost-centres/[id]": ["PATCH"],
  "/api/docs": ["GET"],
  "/api/events": ["GET"],
  "/api/events/log": ["GET"],
  "/api/events/feed": ["GET"],
  "/api/health": ["GET"],
  "/api/insights": ["GET"],
  "/api/lookup": ["GET"],
  "/api/me/locale": ["POST"],
  "/api/me/notifications": ["GET", "PUT"],
  "/api/me/step-up": ["POST"],
  "/api/me/step-up/passkey-options": ["POST"],
  "/api/me/step-up/recent": ["POST"],
  "/api/me/push-subscriptions": ["GET", "POST", "DELETE"],
  "/api/metrics": ["GET"],
  "/api/openapi.json": ["GET"],
  "/api/payments": ["GET", "POST"],
  "/api/payments/[idempotent_id]": ["GET"],
  "/api/payments/[idempotent_id]/receipt": ["GET"],
  "/api/payments/export": ["GET"],
  "/api/qrcodes": ["GET"],
  "/api/qrcodes/[end_to_end]": ["GET"],
  "/api/reconciliation": ["GET"],
  "/api/ready": ["GET"],
  "/api/reconciliation/[id]/resolve": ["POST"],
  "/api/receipts/verify": ["GET"],
  "/api/receivers": ["GET", "POST"],
  "/api/receivers/[id]": ["DELETE", "PATCH"],
  "/api/webhook-endpoints": ["GET", "POST"],
  "/api/webhook-endpoints/[id]": ["DELETE", "PATCH"],
  "/api/webhook-endpoints/[id]/deliveries": ["GET"],
  "/api/webhook-endpoints/[id]/deliveries/[delivery_id]/retry": ["POST"],
  "/api/service-accounts": ["GET", "POST"],
  "/api/service-accounts/[id]/tokens": ["POST"],
  "/api/service-accounts/[id]/tokens/[token_id]": ["DELETE"],
  "/api/settings/alerts": ["GET", "PUT"],
  "/api/settings/approvals": ["GET", "PUT"],
  "/api/statement": ["GET"],
  "/api/transfers": ["GET", "POST"],
  "/api/transfers/[id]": ["GET"],
  "/api/transfers/[id]/approve": ["POST"],
  "/api/transfers/[id]/cancel": ["POST"],
  "/api/transfers/[id]/release": ["POST"],
  "/api/transfers/decisions": ["POST"],
  "/api/transfers/[id]/handled": ["POST"],
  "/api/transfers/[id]/receipt": ["GET"],
  "/api/transfers/[id]/reject": ["POST"],
  "/api/transfers/approvals-preview": ["GET"],
  "/api/transfers/attention": ["GET"],
  "/api/transfers/by-cost-centre": ["GET"],
  "/api/transfers/inbox": ["GET"],
  "/api/transfers/series/[id]/stop": ["POST"],
  "/api/users": ["GET", "POST"],
  "/api/users/[id]": ["PATCH"],
  "/api/users/[id]/passkeys": ["DELETE"],
  "/api/webhooks/pix": ["POST"],
};

type Segment = { kind: "static"; text: string } | { kind: "dynamic" } | { kind: "catchAll" };

function segmentsOf(pattern: string): Segment[] {
  return pattern
    .split("/")
    .filter(Boolean)
    .map((s) => (s.startsWith("[...") ? { kind: "catchAll" } : s.startsWith("[") ? { kind: "dynamic" } : { kind: "static", text: s }));
}

const COMPILED = Object.entries(API_ROUTE_METHODS).map(([pattern, methods]) => ({ pattern, methods, segments: segmentsOf(pattern) }));

/** Per segment: a static match outranks a dynamic one, which outranks a catch-all (as Next.js picks). */
function rank(segments: Segment[], parts: string[]): number[] | null {
  const ranks: number[] = [];
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    if (seg.kind === "catchAll") return parts.length > i ? [...ranks, 0] : null;
    const part = parts[i];
    if (part === undefined) return null;
    if (seg.kind === "static") {
      if (seg.text !== part) return null;
      ranks.push(2);
    } else ranks.push(1);
  }
  return parts.length === segments.length ? ranks : null;
}

function outranks(a: number[], b: number[]): boolean {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? -1;
    const y = b[i] ?? -1;
    if (x !== y) return x > y;
  }
  return false;
}

/** The route that serves an /api path (its pattern and methods), or null when it is not under /api. */
export function apiRouteFor(pathname: string): { pattern: string; methods: readonly string[] } | null {
  const parts = pathname.split("/").filter(Boolean);
  if (parts[0] !== "api") return null;
  let best: { pattern: string; methods: readonly string[]; ranks: number[] } | null = null;
  for (const route of COMPILED) {
    const ranks = rank(route.segments, parts);
    if (ranks && (!best || outranks(ranks, best.ranks))) best = { pattern: route.pattern, methods: route.methods, ranks };
  }
  return best ? { pattern: best.pattern, methods: best.methods } : null;
}
