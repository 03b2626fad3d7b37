import "server-only";

// The only door to the payments provider. Nothing here is importable from the browser.
export { PaymentsApiError, isPaymentsApiError, PAYMENTS_API_ERROR_KINDS, BODY_OPERATIONS } from "./errors";
export type { PaymentsApiErrorKind, ProviderOperation } from "./errors";
export { listPayments, getPayment } from "./payments";
export { getPaymentByReference } from "./payment-by-reference";
export { readBackPayment, postPayment } from "./submit";
export type { ReadBack, PostResult } from "./submit";
export { getQrcode } from "./qrcodes";
export { getQrcodeByReference } from "./qrcode-by-reference";
export { listQrcodes } from "./qrcodes-list";
export { createQrcode, createCheckout, payQrcodeInHomologation } from "./qrcode-create";
export { getBalance, getCachedBalance, forgetBalance } from "./balance";
export type { AccountBalance } from "./balance";
export { registerWebhook } from "./webhooks";
export { listWebhooks, deleteWebhook } from "./webhook-admin";
export type { WebhookRegistration } from "./webhook-admin";
export { ensureWebhookRegistrations, webhookReceiverUrl, OUR_WEBHOOK_TYPES } from "./webhook-setup";
export { checkProviderToken, getHealth } from "./health";
export type { ProviderHealth } from "./health";
