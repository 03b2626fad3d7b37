import "server-only";
import * as radmin_pending_changes_id_confirm from "@/app/api/admin/pending-changes/[id]/confirm/route";
import * as radmin_pending_changes_id_refuse from "@/app/api/admin/pending-changes/[id]/refuse/route";
import * as radmin_pending_changes from "@/app/api/admin/pending-changes/route";
import * as ralerts_id_acknowledge from "@/app/api/alerts/[id]/acknowledge/route";
import * as ralerts_id_resolve from "@/app/api/alerts/[id]/resolve/route";
import * as ralerts_bell from "@/app/api/alerts/bell/route";
import * as ralerts from "@/app/api/alerts/route";
import * as ralerts_seen from "@/app/api/alerts/seen/route";
import * as raudit_export from "@/app/api/audit/export/route";
import * as raudit from "@/app/api/audit/route";
import * as rbalance from "@/app/api/balance/route";
import * as rcash_position from "@/app/api/cash-position/route";
import * as rbatches_id_approve from "@/app/api/batches/[id]/approve/route";
import * as rbatches_id_cancel from "@/app/api/batches/[id]/cancel/route";
import * as rbatches_id_errors from "@/app/api/batches/[id]/errors/route";
import * as rbatches_id_receipts from "@/app/api/batches/[id]/receipts/route";
import * as rbatches_id_reject from "@/app/api/batches/[id]/reject/route";
import * as rbatches_id_results from "@/app/api/batches/[id]/results/route";
import * as rbatches_id_retry from "@/app/api/batches/[id]/retry/route";
import * as rbatches_id from "@/app/api/batches/[id]/route";
import * as rbatches_id_submit from "@/app/api/batches/[id]/submit/route";
import * as rbatches from "@/app/api/batches/route";
import * as rbatches_template_csv from "@/app/api/batches/template.csv/route";
import * as rbrcode_decode from "@/app/api/brcode/decode/route";
import * as rcharges_aging from "@/app/api/charges/aging/route";
import * as rcharges_import from "@/app/api/charges/import/route";
import * as rcharges_id_receipt from "@/app/api/charges/[id]/receipt/route";
import * as rcharges_id_pdf from "@/app/api/charges/[id]/pdf/route";
import * as rcharges_id_qrcode_png from "@/app/api/charges/[id]/qrcode.png/route";
import * as rcharges_id_send from "@/app/api/charges/[id]/send/route";
import * as rcharges_id_withdraw from "@/app/api/charges/[id]/withdraw/route";
import * as rcharges_id from "@/app/api/charges/[id]/route";
import * as rcharges from "@/app/api/charges/route";
import * as rcost_centres_id from "@/app/api/cost-centres/[id]/route";
import * as rcost_centres from "@/app/api/cost-centres/route";
import * as revents_log from "@/app/api/events/log/route";
import * as revents from "@/app/api/events/route";
import * as revents_feed from "@/app/api/events/feed/route";
import * as rhealth from "@/app/api/health/route";
import * as rinsights from "@/app/api/insights/route";
import * as rlookup from "@/app/api/lookup/route";
import * as rme_locale from "@/app/api/me/locale/route";
import * as rme_notifications from "@/app/api/me/notifications/route";
import * as rme_step_up from "@/app/api/me/step-up/route";
import * as rme_step_up_passkey_options from "@/app/api/me/step-up/passkey-options/route";
import * as rme_step_up_recent from "@/app/api/me/step-up/recent/route";
import * as rme_push_subscriptions from "@/app/api/me/push-subscriptions/route";
import * as rmetrics from "@/app/api/metrics/route";
import * as rpayments_idempotent_id_receipt from "@/app/api/payments/[idempotent_id]/receipt/route";
import * as rpayments_idempotent_id from "@/app/api/payments/[idempotent_id]/route";
import * as rpayments_export from "@/app/api/payments/export/route";
import * as rpayments from "@/app/api/payments/route";
import * as rqrcodes_end_to_end from "@/app/api/qrcodes/[end_to_end]/route";
import * as rqrcodes from "@/app/api/qrcodes/route";
import * as rready from "@/app/api/ready/route";
import * as rreceipts_verify from "@/app/api/receipts/verify/route";
import * as rreceivers_id from "@/app/api/receivers/[id]/route";
import * as rreceivers from "@/app/api/receivers/route";
import * as rwebhook_endpoints from "@/app/api/webhook-endpoints/route";
import * as rwebhook_endpoints_id from "@/app/api/webhook-endpoints/[id]/route";
import * as rwebhook_endpoints_id_deliveries from "@/app/api/webhook-endpoints/[id]/deliveries/route";
import * as rwebhook_endpoints_id_deliveries_retry from "@/app/api/webhook-endpoints/[id]/deliveries/[delivery_id]/retry/route";
import * as rreconciliation_id_resolve from "@/app/api/reconciliation/[id]/resolve/route";
import * as rreconciliation from "@/app/api/reconciliation/route";
import * as rservice_accounts from "@/app/api/service-accounts/route";
import * as rservice_accounts_id_tokens from "@/app/api/service-accounts/[id]/tokens/route";
import * as rservice_accounts_id_tokens_token_id from "@/app/api/service-accounts/[id]/tokens/[token_id]/route";
import * as rsettings_alerts from "@/app/api/settings/alerts/route";
import * as rsettings_approvals from "@/app/api/settings/approvals/route";
import * as rstatement from "@/app/api/statement/route";
import * as rtransfers_id_approve from "@/app/api/transfers/[id]/approve/route";
import * as rtransfers_id_cancel from "@/app/api/transfers/[id]/cancel/route";
import * as rtransfers_id_release from "@/app/api/transfers/[id]/release/route";
import * as rtransfers_decisions from "@/app/api/transfers/decisions/route";
import * as rtransfers_id_handled from "@/app/api/transfers/[id]/handled/route";
import * as rtransfers_id_receipt from "@/app/api/transfers/[id]/receipt/route";
import * as rtransfers_id_reject from "@/app/api/transfers/[id]/reject/route";
import * as rtransfers_id from "@/app/api/transfers/[id]/route";
import * as rtransfers_approvals_preview from "@/app/api/transfers/approvals-preview/route";
import * as rtransfers_attention from "@/app/api/transfers/attention/route";
import * as rtransfers_by_cost_centre from "@/app/api/transfers/by-cost-centre/route";
import * as rtransfers_inbox from "@/app/api/transfers/inbox/route";
import * as rtransfers from "@/app/api/transfers/route";
import * as rtransfers_series_id_stop from "@/app/api/transfers/series/[id]/stop/route";
import * as rusers_id from "@/app/api/users/[id]/route";
import * as rusers_id_passkeys from "@/app/api/users/[id]/passkeys/route";
import * as rusers from "@/app/api/users/route";
import * as rwebhooks_pix from "@/app/api/webhooks/pix/route";
import type { DeclaredRoute } from "@/lib/http/route";

/**
 * Every /api route module whose handlers are declared with `route()`, by path: what the OpenAPI
 * document (GET /api/openapi.json, /api/docs) is made from (here, under app/: lib/ never imports
 * a route). ./route-registry.test.ts holds it equal to the files under app/api, so a new route is documented or that test fails. Not here:
 * Better Auth and the JSON 404 (withRoute alone, nothing declared), and the two routes that serve
 * the document itself.
 */
export const DOCUMENTED_ROUTES: Readonly<Record<string, Record<string, unknown>>> = {
  "/api/admin/pending-changes/[id]/confirm": radmin_pending_changes_id_confirm,
  "/api/admin/pending-changes/[id]/refuse": radmin_pending_changes_id_refuse,
  "/api/admin/pending-changes": radmin_pending_changes,
  "/api/alerts/[id]/acknowledge": ralerts_id_acknowledge,
  "/api/alerts/[id]/resolve": ralerts_id_resolve,
  "/api/alerts/bell": ralerts_bell,
  "/api/alerts": ralerts,
  "/api/alerts/seen": ralerts_seen,
  "/api/audit/export": raudit_export,
  "/api/audit": raudit,
  "/api/balance": rbalance,
  "/api/cash-position": rcash_position,
  "/api/batches/[id]/approve": rbatches_id_approve,
  "/api/batches/[id]/cancel": rbatches_id_cancel,
  "/api/batches/[id]/errors": rbatches_id_errors,
  "/api/batches/[id]/receipts": rbatches_id_receipts,
  "/api/batches/[id]/reject": rbatches_id_reject,
  "/api/batches/[id]/results": rbatches_id_results,
  "/api/batches/[id]/retry": rbatches_id_retry,
  "/api/batches/[id]": rbatches_id,
  "/api/batches/[id]/submit": rbatches_id_submit,
  "/api/batches": rbatches,
  "/api/batches/template.csv": rbatches_template_csv,
  "/api/brcode/decode": rbrcode_decode,
  "/api/charges/[id]/pdf": rcharges_id_pdf,
  "/api/charges/[id]/receipt": rcharges_id_receipt,
  "/api/charges/[id]/qrcode.png": rcharges_id_qrcode_png,
  "/api/charges/aging": rcharges_aging,
  "/api/charges/[id]/send": rcharges_id_send,
  "/api/charges/[id]/withdraw": rcharges_id_withdraw,
  "/api/charges/[id]": rcharges_id,
  "/api/charges": rcharges,
  "/api/charges/import": rcharges_import,
  "/api/cost-centres/[id]": rcost_centres_id,
  "/api/cost-centres": rcost_centres,
  "/api/events/log": revents_log,
  "/api/events": revents,
  "/api/events/feed": revents_feed,
  "/api/health": rhealth,
  "/api/insights": rinsights,
  "/api/lookup": rlookup,
  "/api/me/locale": rme_locale,
  "/api/me/notifications": rme_notifications,
  "/api/me/step-up": rme_step_up,
  "/api/me/step-up/passkey-options": rme_step_up_passkey_options,
  "/api/me/step-up/recent": rme_step_up_recent,
  "/api/me/push-subscriptions": rme_push_subscriptions,
  "/api/metrics": rmetrics,
  "/api/payments/[idempotent_id]/receipt": rpayments_idempotent_id_receipt,
  "/api/payments/[idempotent_id]": rpayments_idempotent_id,
  "/api/payments/export": rpayments_export,
  "/api/payments": rpayments,
  "/api/qrcodes/[end_to_end]": rqrcodes_end_to_end,
  "/api/qrcodes": rqrcodes,
  "/api/ready": rready,
  "/api/receipts/verify": rreceipts_verify,
  "/api/receivers/[id]": rreceivers_id,
  "/api/receivers": rreceivers,
  "/api/webhook-endpoints": rwebhook_endpoints,
  "/api/webhook-endpoints/[id]": rwebhook_endpoints_id,
  "/api/webhook-endpoints/[id]/deliveries": rwebhook_endpoints_id_deliveries,
  "/api/webhook-endpoints/[id]/deliveries/[delivery_id]/retry": rwebhook_endpoints_id_deliveries_retry,
  "/api/reconciliation/[id]/resolve": rreconciliation_id_resolve,
  "/api/reconciliation": rreconciliation,
  "/api/service-accounts": rservice_accounts,
  "/api/service-accounts/[id]/tokens": rservice_accounts_id_tokens,
  "/api/service-accounts/[id]/tokens/[token_id]": rservice_accounts_id_tokens_token_id,
  "/api/settings/alerts": rsettings_alerts,
  "/api/settings/approvals": rsettings_approvals,
  "/api/statement": rstatement,
  "/api/transfers/[id]/approve": rtransfers_id_approve,
  "/api/transfers/[id]/cancel": rtransfers_id_cancel,
  "/api/transfers/[id]/release": rtransfers_id_release,
  "/api/transfers/decisions": rtransfers_decisions,
  "/api/transfers/[id]/handled": rtransfers_id_handled,
  "/api/transfers/[id]/receipt": rtransfers_id_receipt,
  "/api/transfers/[id]/reject": rtransfers_id_reject,
  "/api/transfers/[id]": rtransfers_id,
  "/api/transfers/approvals-preview": rtransfers_approvals_preview,
  "/api/transfers/attention": rtransfers_attention,
  "/api/transfers/by-cost-centre": rtransfers_by_cost_centre,
  "/api/transfers/inbox": rtransfers_inbox,
  "/api/transfers": rtransfers,
  "/api/transfers/series/[id]/stop": rtransfers_series_id_stop,
  "/api/users/[id]": rusers_id,
  "/api/users/[id]/passkeys": rusers_id_passkeys,
  "/api/users": rusers,
  "/api/webhooks/pix": rwebhooks_pix,
};

/** The declarations of every documented handler. */
export function documentedRoutes(): DeclaredRoute[] {
  return Object.values(DOCUMENTED_ROUTES).flatMap((handlers) =>
    Object.values(handlers).flatMap((handler) => {
      const declared = (handler as { declared?: DeclaredRoute } | null)?.declared;
      return declared ? [declared] : [];
    }),
  );
}
