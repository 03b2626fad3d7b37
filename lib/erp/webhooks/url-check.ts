import "server-only";
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Where a webhook endpoint may point. Outside sandbox mode only https; and never (unless
 * WEBHOOK_ALLOW_PRIVATE_URLS=true) at an address of this machine or its networks: loopback,
 * private, link-local (cloud metadata at 169.254.169.254), shared, unspecified, multicast,
 * whatever its name resolves to. Checked when the endpoint is saved and again before each
 * delivery (a name may resolve elsewhere later), and at connect time (pinned-post.ts).
 */
export type UrlPolicy = { allowPrivate: boolean; requireHttps: boolean };
export type UrlRefusal = "invalid" | "not_https" | "credentials" | "private_address" | "unresolvable";

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [["::", 128], ["::1", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8], ["64:ff9b::", 96]] as const) blocked.addSubnet(net, prefix, "ipv6");

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // ::ffff:10.0.0.1 is 10.0.0.1.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, "ipv4");
    return blocked.check(address, "ipv6");
  }
  return blocked.check(address, "ipv4");
}

/** Names to addresses (the system resolver by default; tests give their own). */
export type ResolveAll = (host: string) => Promise<string[]>;
export const systemResolve: ResolveAll = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** null when `url` may receive webhooks under `policy`, else why not. */
export async function refuseUrl(url: string, policy: UrlPolicy, resolve: ResolveAll = systemResolve): Promise<UrlRefusal | null> {
  if (!URL.canParse(url)) return "invalid";
  const u = new URL(url);
  if (u.protocol !== "https:" && (policy.requireHttps || u.protocol !== "http:")) return "not_https";
  if (u.username || u.password) return "credentials";
  if (policy.allowPrivate) return null;
  const host = u.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    return "unresolvable";
  }
  if (!addresses.length) return "unresolvable";
  return addresses.some(isPrivateAddress) ? "private_address" : null;
}
