import "server-only";

// The only door to the payments provider. Nothing here is importable from the browser.
export { PaymentsApiError, isPaymentsApiError, PAYMENTS_API_ERROR_KINDS } from "./errors";
export type { PaymentsApiErrorKind, ProviderOperation, RegisteredState } from "./errors";
export { listPayments, getPayment } from "./payments";
export { registerPayment } from "./register";
export type { RegisterResult } from "./register";
export { getQrcode } from "./qrcodes";
export { registerWebhook } from "./webhooks";
export { getHealth } from "./health";
export type { ProviderHealth } from "./health";
export { auditOutcome } from "./audit-outcome";
export type { RegisterAuditOutcome } from "./audit-outcome";
