/**
 * The one reader of request bodies (route(), the /api/auth/* door, batch uploads, webhooks).
 * A body is never read whole before its size is known: a declared Content-Length over the
 * limit is refused unread, and a chunked body is cut at the first byte over the limit (the
 * stream is cancelled, nothing more is buffered). Limits are per route; these are the defaults.
 */

/** JSON bodies of our routes: a transfer, a policy, a user change are a few hundred bytes. */
export const JSON_BODY_LIMIT = 64 * 1024;
/** /api/auth/*: an email and a password, a code, a token. */
export const AUTH_BODY_LIMIT = 16 * 1024;
/**
 * How deep a JSON body may nest. Our deepest body (a policy's tiers) is 3 levels; 32 leaves
 * room for any honest client and keeps every walk of the parsed value short.
 */
export const MAX_JSON_DEPTH = 32;

export type BoundedBody = { bytes: Uint8Array } | { tooLarge: true };

/** The declared Content-Length, or null when absent or not a plain number. */
export function declaredLength(headers: Headers): number | null {
  const raw = headers.get("content-length");
  if (raw === null || !/^\s*\d+\s*$/.test(raw)) return null;
  return Number(raw);
}

/** True when the request says, before any byte is read, that its body is over `limit`. */
export function declaresTooLarge(request: Request, limit: number): boolean {
  const declared = declaredLength(request.headers);
  return declared !== null && declared > limit;
}

/**
 * At most `limit` bytes of the request's body. Over it (declared or counted while reading),
 * `{ tooLarge: true }` and the stream is cancelled. Memory held: at most `limit` plus one chunk.
 */
export async function readBoundedBody(request: Request, limit: number): Promise<BoundedBody> {
  if (declaresTooLarge(request, limit)) {
    await request.body?.cancel().catch(() => undefined);
    return { tooLarge: true };
  }
  if (!request.body) return { bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return { tooLarge: true };
    }
    chunks.push(value);
  }
  return { bytes: concat(chunks, size) };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * Whether JSON text nests deeper than `max` arrays/objects, found by one pass over the text
 * (strings skipped), before JSON.parse builds anything. Iterative: `[` x 100,000 costs a loop,
 * never a stack frame.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
