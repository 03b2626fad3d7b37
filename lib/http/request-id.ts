// Pure: the proxy and the method gate, which run outside a route's context, use it too.

const PLAUSIBLE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Reuses a sane incoming x-request-id (from a load balancer), otherwise makes one. */
export function requestIdFrom(headers: Headers): string {
  const given = headers.get("x-request-id");
  return given && PLAUSIBLE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}
