import { isIP } from "node:net";
import { getEnv } from "@/lib/env";

/**
 * Who is calling: the client's address, the host it asked for and the protocol it used, believing
 * X-Forwarded-For/-Host/-Proto only as far as TRUSTED_PROXY_HOPS reverse proxies (no "server-only"
 * import: proxy.ts loads it).
 *
 * How the server's own view reaches a route handler: Next.js has no API for the socket's peer
 * address, but its server fills `X-Forwarded-For` (and -Host, -Proto) from the socket when the
 * request carries none (`??=` in next/dist/server/base-server.js), after proxy.ts has run. So
 * proxy.ts drops every client-sent forwarded header when no proxy is trusted
 * (`untrustedForwardedHeaders`), and what a handler then reads is the server's own observation.
 * Requests without any of those headers skip proxy.ts entirely (its matcher) and get the same.
 *
 * With N trusted proxies, the nearest one is the socket peer and appended its own peer (the
 * previous hop) to X-Forwarded-For: the client is the N-th entry from the right. Anything to the
 * left of it was written by the client and is ignored.
 */
export const FORWARDED_HEADERS = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-real-ip", "forwarded"] as const;

type ClientAddress = {
  /** The client's IP address (IPv4-mapped IPv6 written as IPv4), or null when none can be believed. */
  ip: string | null;
  /** The host the client asked for ("backoffice.example:443"), lower case. */
  host: string | null;
  protocol: "http" | "https";
};

/** The forwarded headers proxy.ts must remove before Next.js fills them from the socket. */
export function untrustedForwardedHeaders(headers: Headers, hops: number = getEnv().trustedProxyHops): string[] {
  if (hops > 0) return [];
  return FORWARDED_HEADERS.filter((name) => headers.has(name));
}

/** The entry `hops` places from the right of a comma list (0 and 1 both: the last one). */
function fromTheRight(value: string | null, hops: number): string | null {
  if (!value) return null;
  const entries = value.split(",").map((e) => e.trim()).filter(Boolean);
  if (entries.length === 0) return null;
  return entries[Math.max(0, entries.length - Math.max(1, hops))] ?? null;
}

/** "::ffff:127.0.0.2" -> "127.0.0.2", "[2001:db8::1]:443" -> "2001:db8::1"; null when not an address. */
export function normalizeAddress(value: string | null): string | null {
  if (!value) return null;
  let text = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(text);
  if (mapped?.[1]) text = mapped[1];
  return isIP(text) ? text.toLowerCase() : null;
}

/** The client address, host and protocol of a request (or its headers). */
export function clientAddress(source: Request | Headers, hops: number = getEnv().trustedProxyHops): ClientAddress {
  const headers = source instanceof Headers ? source : source.headers;
  const ip = normalizeAddress(fromTheRight(headers.get("x-forwarded-for"), hops));
  const forwardedHost = fromTheRight(headers.get("x-forwarded-host"), hops);
  const host = (forwardedHost ?? headers.get("host"))?.toLowerCase() ?? null;
  const proto = fromTheRight(headers.get("x-forwarded-proto"), hops)?.toLowerCase();
  return { ip, host, protocol: proto === "https" ? "https" : "http" };
}

/**
 * Whether the browser reached us over https: APP_URL says so, or a trusted proxy does. With no
 * trusted proxy a client-sent X-Forwarded-Proto means nothing (the Node server speaks plain http).
 */
export function isHttpsRequest(headers: Headers, hops: number = getEnv().trustedProxyHops, appUrl: string = getEnv().appUrl): boolean {
  if (appUrl.startsWith("https://")) return true;
  return hops > 0 && clientAddress(headers, hops).protocol === "https";
}

/**
 * The header the sign-in route stamps with the resolved client address before handing the request
 * to Better Auth (advanced.ipAddress.ipAddressHeaders), so its limiter, its session rows and our
 * hooks all see the same single address. Any client-sent copy is overwritten.
 */
export const CLIENT_ADDRESS_HEADER = "x-pix-client-address";

/**
 * A copy of `request` whose CLIENT_ADDRESS_HEADER holds the resolved address (or nothing), with
 * `body` as its body when given (the bytes the caller has already read, within their limit).
 */
export function withClientAddressHeader(request: Request, body?: string | Uint8Array, hops: number = getEnv().trustedProxyHops): Request {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_ADDRESS_HEADER);
  const { ip } = clientAddress(request, hops);
  if (ip) headers.set(CLIENT_ADDRESS_HEADER, ip);
  // A body read already is handed on as those bytes: its length is theirs, not the one claimed.
  if (body !== undefined) headers.delete("content-length");
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, signal: request.signal };
  if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = (body as BodyInit | undefined) ?? request.body;
    if (body === undefined) init.duplex = "half";
  }
  return new Request(request.url, init);
}
