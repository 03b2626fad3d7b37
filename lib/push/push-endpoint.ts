import { isIP } from "node:net";

/**
 * The server POSTs to whatever endpoint a person subscribed, so an endpoint is an address the
 * server is made to call: outside sandbox mode it must be a push service's kind of address, https
 * on a public host name (FCM, Mozilla's autopush, Apple, Windows all are), never an IP literal, a
 * loopback or a local name that would aim the server at its own network. The sandbox's tests run
 * their push receiver on 127.0.0.1.
 */
export function endpointAllowed(endpoint: string, sandboxMode: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (sandboxMode) return url.protocol === "https:" || url.protocol === "http:";
  if (url.protocol !== "https:") return false;
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (isIP(host) || !host.includes(".")) return false;
  return !/(^|\.)(localhost|local|internal|localdomain|home|lan|intranet)$/.test(host);
}
