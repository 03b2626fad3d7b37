import "server-only";

/** What went wrong with a provider call, in words our route handlers can map to a status. */
export const PAYMENTS_API_ERROR_KINDS = [
  "not_found",
  "invalid",
  "forbidden",
  "insufficient_funds",
  "conflict",
  "upstream_failure",
  "timeout",
  "unauthorized",
  "malformed",
] as const;
export type PaymentsApiErrorKind = (typeof PAYMENTS_API_ERROR_KINDS)[number];

export type ProviderOperation =
  | "token"
  | "listPayments"
  | "getPayment"
  | "getPaymentByReference"
  | "getQrcode"
  | "getQrcodeByReference"
  | "listQrcodes"
  | "registerPayment"
  | "createQrcode"
  | "createCheckout"
  | "payQrcode"
  | "getBalance"
  | "registerWebhook"
  | "listWebhooks"
  | "deleteWebhook"
  | "health";

/** Calls that send a body of ours: the provider refusing it is a 422 (our input), not a 400. */
export const BODY_OPERATIONS: ReadonlySet<ProviderOperation> = new Set(["registerPayment", "createQrcode", "createCheckout"]);

export type PaymentsApiErrorOptions = {
  kind: PaymentsApiErrorKind;
  /** Upstream HTTP status; 0 when no answer came (network error, timeout). */
  status: number;
  /** The provider's own `error` text when it gave one. */
  providerMessage?: string;
  operation: ProviderOperation;
  /** Field -> message, for provider validation errors. */
  fields?: Record<string, string>;
  cause?: unknown;
};

/** The one error type the provider client throws. Never carries a token or credential. */
export class PaymentsApiError extends Error {
  readonly kind: PaymentsApiErrorKind;
  readonly status: number;
  readonly providerMessage: string | undefined;
  readonly operation: ProviderOperation;
  readonly fields: Record<string, string> | undefined;

  constructor(message: string, options: PaymentsApiErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "PaymentsApiError";
    this.kind = options.kind;
    this.status = options.status;
    this.providerMessage = options.providerMessage;
    this.operation = options.operation;
    this.fields = options.fields;
  }
}

/**
 * Also true for a PaymentsApiError made by another Next bundle's copy of this module (shared
 * objects on globalThis, such as the insights aggregator, carry errors across bundles).
 */
export function isPaymentsApiError(err: unknown): err is PaymentsApiError {
  if (err instanceof PaymentsApiError) return true;
  if (!(err instanceof Error) || err.name !== "PaymentsApiError") return false;
  const kind: unknown = (err as Error & { kind?: unknown }).kind;
  return typeof kind === "string" && (PAYMENTS_API_ERROR_KINDS as readonly string[]).includes(kind);
}
