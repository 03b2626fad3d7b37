import "server-only";
import { ZodError } from "zod";
import type { ProblemKind } from "@/lib/domain/errors";
import { translator } from "@/lib/i18n/server";
import { BODY_OPERATIONS, isPaymentsApiError, type PaymentsApiError } from "@/lib/payments-api";
import { isApiError, type ApiErrorCode } from "@/lib/http/api-error";
import { getRequestContext } from "./request-context";
import { currentLocale } from "./request-locale";
import { issuesToFields } from "@/lib/domain/zod-fields";
import { problemBody, problemResponse, type ProblemExtra } from "./problem";

export const NO_STORE = { "cache-control": "no-store" } as const;

/**
 * A JSON answer that no cache keeps. Serialised with JSON.stringify, not `Response.json`, whose
 * own serialiser costs more per large page (bench/proxy-profile.ts: 0.12 ms self per 44 kB page).
 */
export function jsonOk(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), { status, headers: { "content-type": "application/json", ...NO_STORE, ...headers } });
}

/**
 * An error answer, RFC 9457 problem details (lib/http/problem.ts): `error` (also `detail`) in the
 * caller's language, its `kind`, and the request id, so support can find the log line.
 */
export function jsonError(status: number, error: string, extra: ProblemExtra & { kind: ProblemKind }, headers: Record<string, string> = {}): Response {
  const { kind, ...rest } = extra;
  const requestId = getRequestContext()?.requestId ?? crypto.randomUUID();
  return problemResponse(problemBody(status, kind, error, requestId, rest), headers);
}

/** The translator of the request being handled (its NEXT_LOCALE cookie). */
export function routeT() {
  return translator(currentLocale());
}

const MESSAGE_KEY = /^[a-z][A-Za-z]*(\.[A-Za-z0-9_]+)+$/;

/**
 * A message from a schema or a lib function, in the caller's language: a message key
 * ("validation.amount.positive") is translated; any other text (a provider's own words, an old
 * English message) is passed as it is.
 */
export function localize(message: string, values?: Record<string, string | number>): string {
  if (!MESSAGE_KEY.test(message)) return message;
  const t = routeT();
  const key = message as Parameters<typeof t>[0];
  return t.has(key) ? t(key, values) : message;
}

/** 400 (or 422 for a body) `{ error, fields }` from a zod error, in the caller's language. */
export function validationError(err: ZodError, status: 400 | 422 = 400): Response {
  const fields = zodFields(err);
  const first = Object.values(fields)[0] ?? routeT()("errors.validation");
  return jsonError(status, first, { fields, kind: "validation" });
}

/** Field path -> message (the first issue of each field), translated. */
export function zodFields(err: ZodError): Record<string, string> {
  return issuesToFields(err.issues, { fallback: "input", message: localize });
}

/** The one mapping from whatever was thrown to an HTTP answer. Stacks stay in the server log. */
export function toErrorResponse(err: unknown): Response {
  if (isPaymentsApiError(err)) return fromPaymentsApiError(err);
  if (isApiError(err)) {
    const message = localize(err.key, err.values);
    return jsonError(API_ERROR_STATUS[err.code], message, { kind: err.code, ...(err.field ? { fields: { [err.field]: message } } : {}) });
  }
  if (err instanceof ZodError) return validationError(err, 400);
  // lib/db/audit.ts: an action that must be audited does not happen without its row.
  if (err instanceof Error && err.name === "AuditUnavailableError") {
    return jsonError(503, routeT()("errors.auditUnavailable"), { kind: "audit_unavailable" });
  }
  return jsonError(500, routeT()("errors.internal"), { kind: "internal" });
}

/** Refusals of actions on transfer requests and batches. */
const API_ERROR_STATUS: Record<ApiErrorCode, number> = {
  not_found: 404,
  conflict_body: 409,
  invalid: 422,
  duplicate: 409,
  illegal_state: 409,
  not_maker: 403,
  own_request: 403,
  not_a_person: 403,
  already_approved: 409,
  batch_member: 409,
  expired: 409,
};

/** Status our API answers for a PaymentsApiError, exported for logs and tests. */
export function statusForPaymentsApiError(err: PaymentsApiError): number {
  const byKind: Record<PaymentsApiError["kind"], number> = {
    not_found: 404,
    invalid: BODY_OPERATIONS.has(err.operation) ? 422 : 400,
    forbidden: 403,
    insufficient_funds: 422,
    conflict: 409,
    upstream_failure: 502,
    malformed: 502,
    unauthorized: 502,
    timeout: 504,
  };
  return byKind[err.kind];
}

/** The provider's own words are quoted as they are; ours are in the caller's language. */
function fromPaymentsApiError(err: PaymentsApiError): Response {
  const t = routeT();
  const status = statusForPaymentsApiError(err);
  const kind: ProblemKind = err.kind;
  const said = err.providerMessage;
  // No token, no call: whatever went wrong getting one, the request itself never left.
  if (err.operation === "token" && (err.kind === "upstream_failure" || err.kind === "timeout" || err.kind === "malformed")) {
    return jsonError(status, t("errors.provider.tokenFailed"), { kind });
  }
  switch (err.kind) {
    case "not_found":
      return jsonError(status, said ?? t("errors.provider.notFound"), { kind });
    case "forbidden":
      return jsonError(status, said ? t("errors.provider.refused", { message: said }) : localize(err.message), { kind });
    case "insufficient_funds":
      return jsonError(status, t("errors.provider.insufficientFunds", { message: said ?? "Insufficient funds" }), { kind });
    case "invalid": {
      const fields = err.fields ? Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, localize(v)])) : undefined;
      const error = said ? t("errors.provider.refused", { message: said }) : localize(err.message);
      return jsonError(status, error, { kind, ...(fields ? { fields } : {}) });
    }
    case "upstream_failure":
      if (err.status === 429) return jsonError(status, t("errors.provider.rateLimited"), { kind });
      if (err.status === 0) return jsonError(status, t("errors.provider.unreachable"), { kind });
      return jsonError(status, said ? t("errors.provider.failedSaying", { status: err.status, message: said }) : t("errors.provider.failed", { status: err.status }), { kind });
    case "timeout":
      return jsonError(status, t("errors.provider.timeout"), { kind });
    case "malformed":
      return jsonError(status, t("errors.provider.malformed"), { kind });
    case "unauthorized":
      return jsonError(status, t("errors.provider.credentials"), { kind });
    case "conflict":
      return jsonError(status, localize(err.message), { kind });
  }
}
