// Written by `npm run routes` (scripts/routes.ts) from the files under app/api: do not edit.
import "server-only";
import * as r_admin_pending_changes from "@/app/api/admin/pending-changes/route";
import * as r_admin_pending_changes_id_confirm from "@/app/api/admin/pending-changes/[id]/confirm/route";
import * as r_admin_pending_changes_id_refuse from "@/app/api/admin/pending-changes/[id]/refuse/route";
import * as r_alerts from "@/app/api/alerts/route";
import * as r_alerts_id_acknowledge from "@/app/api/alerts/[id]/acknowledge/route";
import * as r_alerts_id_resolve from "@/app/api/alerts/[id]/resolve/route";
import * as r_alerts_bell from "@/app/api/alerts/bell/route";
import * as r_alerts_seen from "@/app/api/alerts/seen/route";
import * as r_audit from "@/app/api/audit/route";
import * as r_audit_export from "@/app/api/audit/export/route";
import * as r_balance from "@/app/api/balance/route";
import * as r_batches from "@/app/api/batches/route";
import * as r_batches_id from "@/app/api/batches/[id]/route";
import * as r_batches_id_approve from "@/app/api/batches/[id]/approve/route";
import * as r_batches_id_cancel from "@/app/api/batches/[id]/cancel/route";
import * as r_batches_id_errors from "@/app/api/batches/[id]/errors/route";
import * as r_batches_id_receipts from "@/app/api/batches/[id]/receipts/route";
import * as r_batches_id_reject from "@/app/api/batches/[id]/reject/route";
import * as r_batches_id_results from "@/app/api/batches/[id]/results/route";
import * as r_batches_id_retry from "@/app/api/batches/[id]/retry/route";
import * as r_batches_id_submit from "@/app/api/batches/[id]/submit/route";
import * as r_batches_template_csv from "@/app/api/batches/template.csv/route";
import * as r_brcode_decode from "@/app/api/brcode/decode/route";
import * as r_cash_position from "@/app/api/cash-position/route";
import * as r_charges from "@/app/api/charges/route";
import * as r_charges_id from "@/app/api/charges/[id]/route";
import * as r_charges_id_pdf from "@/app/api/charges/[id]/pdf/route";
import * as r_charges_id_qrcode_png from "@/app/api/charges/[id]/qrcode.png/route";
import * as r_charges_id_receipt from "@/app/api/charges/[id]/receipt/route";
import * as r_charges_id_send from "@/app/api/charges/[id]/send/route";
import * as r_charges_id_withdraw from "@/app/api/charges/[id]/withdraw/route";
import * as r_charges_aging from "@/app/api/charges/aging/route";
import * as r_charges_import from "@/app/api/charges/import/route";
import * as r_charges_import_preview from "@/app/api/charges/import/preview/route";
import * as r_charges_received from "@/app/api/charges/received/route";
import * as r_cost_centres from "@/app/api/cost-centres/route";
import * as r_cost_centres_id from "@/app/api/cost-centres/[id]/route";
import * as r_events from "@/app/api/events/route";
import * as r_events_feed from "@/app/api/events/feed/route";
import * as r_events_log from "@/app/api/events/log/route";
import * as r_health from "@/app/api/health/route";
import * as r_insights from "@/app/api/insights/route";
import * as r_lookup from "@/app/api/lookup/route";
import * as r_me_locale from "@/app/api/me/locale/route";
import * as r_me_notifications from "@/app/api/me/notifications/route";
import * as r_me_push_subscriptions from "@/app/api/me/push-subscriptions/route";
import * as r_me_step_up from "@/app/api/me/step-up/route";
import * as r_me_step_up_passkey_options from "@/app/api/me/step-up/passkey-options/route";
import * as r_me_step_up_recent from "@/app/api/me/step-up/recent/route";
import * as r_metrics from "@/app/api/metrics/route";
import * as r_payments from "@/app/api/payments/route";
import * as r_payments_idempotent_id from "@/app/api/payments/[idempotent_id]/route";
import * as r_payments_idempotent_id_receipt from "@/app/api/payments/[idempotent_id]/receipt/route";
import * as r_payments_export from "@/app/api/payments/export/route";
import * as r_qrcodes from "@/app/api/qrcodes/route";
import * as r_qrcodes_end_to_end from "@/app/api/qrcodes/[end_to_end]/route";
import * as r_ready from "@/app/api/ready/route";
import * as r_receipts_verify from "@/app/api/receipts/verify/route";
import * as r_receivers from "@/app/api/receivers/route";
import * as r_receivers_id from "@/app/api/receivers/[id]/route";
import * as r_reconciliation from "@/app/api/reconciliation/route";
import * as r_reconciliation_id_resolve from "@/app/api/reconciliation/[id]/resolve/route";
import * as r_service_accounts from "@/app/api/service-accounts/route";
import * as r_service_accounts_id_tokens from "@/app/api/service-accounts/[id]/tokens/route";
import * as r_service_accounts_id_tokens_token_id from "@/app/api/service-accounts/[id]/tokens/[token_id]/route";
import * as r_settings_alerts from "@/app/api/settings/alerts/route";
import * as r_settings_approvals from "@/app/api/settings/approvals/route";
import * as r_statement from "@/app/api/statement/route";
import * as r_transfers from "@/app/api/transfers/route";
import * as r_transfers_id from "@/app/api/transfers/[id]/route";
import * as r_transfers_id_approve from "@/app/api/transfers/[id]/approve/route";
import * as r_transfers_id_cancel from "@/app/api/transfers/[id]/cancel/route";
import * as r_transfers_id_handled from "@/app/api/transfers/[id]/handled/route";
import * as r_transfers_id_receipt from "@/app/api/transfers/[id]/receipt/route";
import * as r_transfers_id_reject from "@/app/api/transfers/[id]/reject/route";
import * as r_transfers_id_release from "@/app/api/transfers/[id]/release/route";
import * as r_transfers_approvals_preview from "@/app/api/transfers/approvals-preview/route";
import * as r_transfers_attention from "@/app/api/transfers/attention/route";
import * as r_transfers_by_cost_centre from "@/app/api/transfers/by-cost-centre/route";
import * as r_transfers_decisions from "@/app/api/transfers/decisions/route";
import * as r_transfers_inbox from "@/app/api/transfers/inbox/route";
import * as r_transfers_series_id_stop from "@/app/api/transfers/series/[id]/stop/route";
import * as r_users from "@/app/api/users/route";
import * as r_users_id from "@/app/api/users/[id]/route";
import * as r_users_id_passkeys from "@/app/api/users/[id]/passkeys/route";
import * as r_webhook_endpoints from "@/app/api/webhook-endpoints/route";
import * as r_webhook_endpoints_id from "@/app/api/webhook-endpoints/[id]/route";
import * as r_webhook_endpoints_id_deliveries from "@/app/api/webhook-endpoints/[id]/deliveries/route";
import * as r_webhook_endpoints_id_deliveries_delivery_id_retry from "@/app/api/webhook-endpoints/[id]/deliveries/[delivery_id]/retry/route";
import * as r_webhooks_pix from "@/app/api/webhooks/pix/route";

export const DOCUMENTED_ROUTES: Readonly<Record<string, Record<string, unknown>>> = {
  "/api/admin/pending-changes": r_admin_pending_changes,
  "/api/admin/pending-changes/[id]/confirm": r_admin_pending_changes_id_confirm,
  "/api/admin/pending-changes/[id]/refuse": r_admin_pending_changes_id_refuse,
  "/api/alerts": r_alerts,
  "/api/alerts/[id]/acknowledge": r_alerts_id_acknowledge,
  "/api/alerts/[id]/resolve": r_alerts_id_resolve,
  "/api/alerts/bell": r_alerts_bell,
  "/api/alerts/seen": r_alerts_seen,
  "/api/audit": r_audit,
  "/api/audit/export": r_audit_export,
  "/api/balance": r_balance,
  "/api/batches": r_batches,
  "/api/batches/[id]": r_batches_id,
  "/api/batches/[id]/approve": r_batches_id_approve,
  "/api/batches/[id]/cancel": r_batches_id_cancel,
  "/api/batches/[id]/errors": r_batches_id_errors,
  "/api/batches/[id]/receipts": r_batches_id_receipts,
  "/api/batches/[id]/reject": r_batches_id_reject,
  "/api/batches/[id]/results": r_batches_id_results,
  "/api/batches/[id]/retry": r_batches_id_retry,
  "/api/batches/[id]/submit": r_batches_id_submit,
  "/api/batches/template.csv": r_batches_template_csv,
  "/api/brcode/decode": r_brcode_decode,
  "/api/cash-position": r_cash_position,
  "/api/charges": r_charges,
  "/api/charges/[id]": r_charges_id,
  "/api/charges/[id]/pdf": r_charges_id_pdf,
  "/api/charges/[id]/qrcode.png": r_charges_id_qrcode_png,
  "/api/charges/[id]/receipt": r_charges_id_receipt,
  "/api/charges/[id]/send": r_charges_id_send,
  "/api/charges/[id]/withdraw": r_charges_id_withdraw,
  "/api/charges/aging": r_charges_aging,
  "/api/charges/import": r_charges_import,
  "/api/charges/import/preview": r_charges_import_preview,
  "/api/charges/received": r_charges_received,
  "/api/cost-centres": r_cost_centres,
  "/api/cost-centres/[id]": r_cost_centres_id,
  "/api/events": r_events,
  "/api/events/feed": r_events_feed,
  "/api/events/log": r_events_log,
  "/api/health": r_health,
  "/api/insights": r_insights,
  "/api/lookup": r_lookup,
  "/api/me/locale": r_me_locale,
  "/api/me/notifications": r_me_notifications,
  "/api/me/push-subscriptions": r_me_push_subscriptions,
  "/api/me/step-up": r_me_step_up,
  "/api/me/step-up/passkey-options": r_me_step_up_passkey_options,
  "/api/me/step-up/recent": r_me_step_up_recent,
  "/api/metrics": r_metrics,
  "/api/payments": r_payments,
  "/api/payments/[idempotent_id]": r_payments_idempotent_id,
  "/api/payments/[idempotent_id]/receipt": r_payments_idempotent_id_receipt,
  "/api/payments/export": r_payments_export,
  "/api/qrcodes": r_qrcodes,
  "/api/qrcodes/[end_to_end]": r_qrcodes_end_to_end,
  "/api/ready": r_ready,
  "/api/receipts/verify": r_receipts_verify,
  "/api/receivers": r_receivers,
  "/api/receivers/[id]": r_receivers_id,
  "/api/reconciliation": r_reconciliation,
  "/api/reconciliation/[id]/resolve": r_reconciliation_id_resolve,
  "/api/service-accounts": r_service_accounts,
  "/api/service-accounts/[id]/tokens": r_service_accounts_id_tokens,
  "/api/service-accounts/[id]/tokens/[token_id]": r_service_accounts_id_tokens_token_id,
  "/api/settings/alerts": r_settings_alerts,
  "/api/settings/approvals": r_settings_approvals,
  "/api/statement": r_statement,
  "/api/transfers": r_transfers,
  "/api/transfers/[id]": r_transfers_id,
  "/api/transfers/[id]/approve": r_transfers_id_approve,
  "/api/transfers/[id]/cancel": r_transfers_id_cancel,
  "/api/transfers/[id]/handled": r_transfers_id_handled,
  "/api/transfers/[id]/receipt": r_transfers_id_receipt,
  "/api/transfers/[id]/reject": r_transfers_id_reject,
  "/api/transfers/[id]/release": r_transfers_id_release,
  "/api/transfers/approvals-preview": r_transfers_approvals_preview,
  "/api/transfers/attention": r_transfers_attention,
  "/api/transfers/by-cost-centre": r_transfers_by_cost_centre,
  "/api/transfers/decisions": r_transfers_decisions,
  "/api/transfers/inbox": r_transfers_inbox,
  "/api/transfers/series/[id]/stop": r_transfers_series_id_stop,
  "/api/users": r_users,
  "/api/users/[id]": r_users_id,
  "/api/users/[id]/passkeys": r_users_id_passkeys,
  "/api/webhook-endpoints": r_webhook_endpoints,
  "/api/webhook-endpoints/[id]": r_webhook_endpoints_id,
  "/api/webhook-endpoints/[id]/deliveries": r_webhook_endpoints_id_deliveries,
  "/api/webhook-endpoints/[id]/deliveries/[delivery_id]/retry": r_webhook_endpoints_id_deliveries_delivery_id_retry,
  "/api/webhooks/pix": r_webhooks_pix,
};
