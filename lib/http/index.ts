import "server-only";

export { jsonError, jsonOk, localize, routeT, toErrorResponse, validationError, zodFields, statusForPaymentsApiError, NO_STORE } from "./errors";
export { withRoute } from "./with-route";
export { route } from "./route";
export type { RouteContext, RouteSpec } from "./route";
export type { RouteHandler } from "./with-route";
export { checkOrigin } from "./origin";
export { redact, redactText, REDACTED } from "./redact";
export { logLine } from "./logger";
export { getRequestContext, recordUpstreamCall, setRequestUser } from "./request-context";
export { requestIdFrom } from "./request-id";
export { emptyBodySchema } from "./empty-body";
export { readJsonBody, queryObject, clientIp, tooLarge } from "./input";
export { readBoundedBody, declaresTooLarge, jsonTooDeep, JSON_BODY_LIMIT, AUTH_BODY_LIMIT, MAX_JSON_DEPTH } from "./body";
