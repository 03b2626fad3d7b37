import "server-only";
import { clientAddress } from "./client-address";
import { jsonError, routeT } from "./errors";

const MAX_BODY_BYTES = 64 * 1024;

/** Reads a JSON body of at most 64 KiB, or returns the 4xx answer to send instead. */
export async function readJsonBody(request: Request): Promise<{ body: unknown } | { response: Response }> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    return { response: jsonError(415, routeT()("errors.body.mustBeJson"), { kind: "validation" }) };
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) return { response: tooLarge() };
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) return { response: tooLarge() };
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

function tooLarge(): Response {
  return jsonError(413, routeT()("errors.body.tooLarge"), { kind: "validation" });
}
