import "server-only";
import { JSON_BODY_LIMIT, MAX_JSON_DEPTH, jsonTooDeep, readBoundedBody } from "./body";
import { clientAddress } from "./client-address";
import { jsonError, routeT } from "./errors";

/**
 * Reads a JSON body of at most `limit` bytes (cut while reading: lib/http/body.ts) and at most
 * MAX_JSON_DEPTH levels deep, or returns the 4xx answer to send instead (415, 413, 400).
 */
export async function readJsonBody(request: Request, limit = JSON_BODY_LIMIT): Promise<{ body: unknown } | { response: Response }> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    await request.body?.cancel().catch(() => undefined);
    return { response: jsonError(415, routeT()("errors.body.mustBeJson"), { kind: "validation" }) };
  }
  const read = await readBoundedBody(request, limit);
  if ("tooLarge" in read) return { response: tooLarge() };
  const text = new TextDecoder().decode(read.bytes);
  if (jsonTooDeep(text)) return { response: tooDeep() };
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    return { response: jsonError(400, routeT()("errors.body.notJson"), { kind: "validation" }) };
  }
}

/**
 * Query string -> plain object for a zod schema. Empty values count as absent; a key given
 * twice is refused (which one would the provider read?). Returns the 400 answer on a repeat.
 */
export function queryObject(url: string): { query: Record<string, string> } | { response: Response } {
  const query = Object.create(null) as Record<string, string>;
  for (const [key, value] of new URL(url).searchParams) {
    if (value === "") continue;
    if (Object.hasOwn(query, key)) {
      const t = routeT();
      const fields = { [key]: t("errors.query.repeatedField") };
      return { response: jsonError(400, t("errors.query.repeated", { name: key }), { kind: "validation", fields }) };
    }
    query[key] = value;
  }
  return { query };
}

/**
 * The caller's address for the audit log: the one the server saw, or the one a trusted proxy
 * reported (TRUSTED_PROXY_HOPS); never a client's own X-Forwarded-For (lib/http/client-address.ts).
 */
export function clientIp(request: Request): string | null {
  return clientAddress(request).ip;
}

/** 413 in the caller's language: the body was over the route's limit (nothing of it was kept). */
export function tooLarge(): Response {
  return jsonError(413, routeT()("errors.body.tooLarge"), { kind: "validation" });
}

/** 400: JSON nested deeper than MAX_JSON_DEPTH. */
export function tooDeep(): Response {
  return jsonError(400, routeT()("errors.body.tooDeep", { max: MAX_JSON_DEPTH }), { kind: "validation" });
}
