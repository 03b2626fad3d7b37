import { describe, expect, it } from "vitest";
import { apiRoutes } from "@/lib/testing/api-route-fuzz";
import type { DeclaredRoute } from "./route";

/**
 * Every route's permission, written out: a literal table, so that changing what a route asks
 * for (giving POST /api/transfers the approvers' permission, dropping a step-up) fails here and
 * is seen in review. "none": the route has its own door (Better Auth, the JSON 404); "public":
 * its own authentication (the webhook's Authorization + md5) or nothing to protect (health).
 */
const PERMISSION_OF: Record<string, string> = {
  "GET /api/[...unknown]": "none",
  "POST /api/[...unknown]": "none",
  "PUT /api/[...unknown]": "none",
  "PATCH /api/[...unknown]": "none",
  "DELETE /api/[...unknown]": "none",
  "GET /api/admin/pending-changes": "pendingChanges",
  "POST /api/admin/pending-changes/[id]/confirm": "pendingChanges",
  "POST /api/admin/pending-changes/[id]/refuse": "pendingChanges",
  "GET /api/alerts": "alerts",
  "POST /api/alerts/[id]/acknowledge": "alerts",
  "POST /api/alerts/[id]/resolve": "alerts",
  "GET /api/alerts/bell": "alerts",
  "POST /api/alerts/seen": "alerts",
  "GET /api/audit": "audit",
  "GET /api/audit/export": "audit",
  "GET /api/auth/[...all]": "none",
  "POST /api/auth/[...all]": "none",
  "GET /api/balance": "viewTransfers",
  "GET /api/cash-position": "viewPayments",
  "GET /api/batches": "viewTransfers",
  "POST /api/batches": "register",
  "GET /api/batches/[id]": "viewTransfers",
  "DELETE /api/batches/[id]": "register",
  "POST /api/batches/[id]/approve": "approve + stepUp",
  "POST /api/batches/[id]/cancel": "register",
  "GET /api/batches/[id]/errors": "viewTransfers",
  "GET /api/batches/[id]/receipts": "viewTransfers",
  "POST /api/batches/[id]/reject": "approve",
  "GET /api/batches/[id]/results": "viewTransfers",
  "POST /api/batches/[id]/retry": "register",
  "POST /api/batches/[id]/submit": "register + stepUp",
  "GET /api/batches/template.csv": "register",
  "GET /api/brcode/decode": "register",
  "GET /api/charges": "viewPayments",
  "POST /api/charges": "register",
  "GET /api/charges/[id]": "viewPayments",
  "GET /api/charges/[id]/pdf": "viewPayments",
  "GET /api/charges/[id]/qrcode.png": "viewPayments",
  "GET /api/charges/[id]/receipt": "viewPayments",
  "GET /api/charges/aging": "viewPayments",
  "GET /api/charges/received": "viewPayments",
  "POST /api/charges/[id]/send": "register",
  "POST /api/charges/[id]/withdraw": "register",
  "POST /api/charges/import": "register",
  "POST /api/charges/import/preview": "register",
  "GET /api/cost-centres": "viewTransfers",
  "POST /api/cost-centres": "costCentres",
  "PATCH /api/cost-centres/[id]": "costCentres",
  "GET /api/docs": "apiDocs",
  "GET /api/events": "viewPayments",
  "GET /api/events/log": "events",
  "GET /api/events/feed": "viewTransfers",
  "GET /api/health": "public",
  "GET /api/insights": "viewPayments",
  "GET /api/lookup": "lookup",
  "POST /api/me/locale": "account",
  "GET /api/me/notifications": "account",
  "PUT /api/me/notifications": "account",
  "POST /api/me/step-up": "account",
  "GET /api/metrics": "public",
  "GET /api/openapi.json": "apiDocs",
  "GET /api/payments": "viewPayments",
  "POST /api/payments": "register",
  "GET /api/payments/[idempotent_id]": "viewPayments",
  "GET /api/payments/[idempotent_id]/receipt": "viewPayments",
  "GET /api/payments/export": "export",
  "GET /api/qrcodes": "viewPayments",
  "GET /api/qrcodes/[end_to_end]": "viewPayments",
  "GET /api/ready": "public",
  "GET /api/reconciliation": "reconciliation",
  "POST /api/reconciliation/[id]/resolve": "reconciliation",
  "GET /api/receipts/verify": "public",
  "GET /api/receivers": "viewTransfers",
  "POST /api/receivers": "register",
  "PATCH /api/receivers/[id]": "register",
  "DELETE /api/receivers/[id]": "register",
  "GET /api/webhook-endpoints": "webhooks",
  "POST /api/webhook-endpoints": "webhooks",
  "PATCH /api/webhook-endpoints/[id]": "webhooks",
  "DELETE /api/webhook-endpoints/[id]": "webhooks",
  "GET /api/webhook-endpoints/[id]/deliveries": "webhooks",
  "POST /api/webhook-endpoints/[id]/deliveries/[delivery_id]/retry": "webhooks",
  "GET /api/service-accounts": "users",
  "POST /api/service-accounts": "users",
  "POST /api/service-accounts/[id]/tokens": "users",
  "DELETE /api/service-accounts/[id]/tokens/[token_id]": "users",
  "GET /api/settings/alerts": "policy",
  "PUT /api/settings/alerts": "policy",
  "GET /api/settings/approvals": "viewTransfers",
  "PUT /api/settings/approvals": "policy",
  "GET /api/statement": "viewPayments",
  "GET /api/transfers": "viewTransfers",
  "POST /api/transfers": "register",
  "GET /api/transfers/[id]": "viewTransfers",
  "POST /api/transfers/[id]/approve": "approve + stepUp",
  "POST /api/transfers/[id]/cancel": "register",
  "POST /api/transfers/[id]/release": "register + stepUp",
  "POST /api/transfers/decisions": "approve + stepUp",
  "POST /api/transfers/[id]/handled": "handleAttention",
  "GET /api/transfers/[id]/receipt": "viewTransfers",
  "POST /api/transfers/[id]/reject": "approve",
  "GET /api/transfers/approvals-preview": "register",
  "GET /api/transfers/attention": "handleAttention",
  "GET /api/transfers/by-cost-centre": "viewPayments",
  "GET /api/transfers/inbox": "approve",
  "POST /api/transfers/series/[id]/stop": "register",
  "PATCH /api/users/[id]": "users",
  "GET /api/users": "users",
  "POST /api/users": "users",
  "POST /api/webhooks/pix": "public",
  "DELETE /api/me/push-subscriptions": "account",
  "DELETE /api/users/[id]/passkeys": "users",
  "GET /api/me/push-subscriptions": "account",
  "POST /api/me/push-subscriptions": "account",
  "POST /api/me/step-up/passkey-options": "account",
  "POST /api/me/step-up/recent": "account + stepUp",
};

type Handler = { declared?: DeclaredRoute };

describe("every route's permission, as declared with route()", () => {
  it("matches the table, route for route and method for method", async () => {
    const found: Record<string, string> = {};
    for (const route of apiRoutes()) {
      const handlers = (await import(/* @vite-ignore */ route.file)) as Record<string, Handler | undefined>;
      for (const method of route.methods) {
        const declared = handlers[method]?.declared;
        found[`${method} ${route.path}`] = declared ? `${declared.permission}${declared.stepUp ? " + stepUp" : ""}` : "none";
      }
    }
    expect(found).toEqual(PERMISSION_OF);
  });
});
