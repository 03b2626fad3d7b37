import "server-only";

// The only door to the payments provider. Nothing here is importable from the browser.
export { PaymentsApiError, isPaymentsApiError, PAYMENTS_API_ERROR_KINDS } from "./errors";
export type { PaymentsApiErrorKind, ProviderOperation } from "./errors";
export { listPayments, getPayment } from "./payments";
export { submitPayment } from "./submit";
export { getQrcode } from "./qrcodes";
export { registerWebhook } from "./webhooks";
export { getHealth } from "./health";
export type { ProviderHealth } from "./health";
