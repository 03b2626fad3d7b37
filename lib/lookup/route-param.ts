/**
 * A dynamic route segment as the id it stands for. Page params can arrive still
 * percent-encoded (vercel/next.js#64952); a text that is not valid encoding is taken as is.
 */
export function decodeRouteParam(segment: string): string {
  if (!segment.includes("%")) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The path of a payment's detail page. */
export function paymentHref(idempotentId: string): string {
  return `/payments/${encodeURIComponent(idempotentId)}`;
}

/** The path of a QR code record's page. */
export function qrcodeHref(endToEnd: string): string {
  return `/qrcodes/${encodeURIComponent(endToEnd)}`;
}
