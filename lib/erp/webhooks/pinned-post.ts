import "server-only";
import type { LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { isPrivateAddress, type ResolveAll } from "./url-check";

export class PrivateAddressError extends Error {
  constructor(readonly address: string) {
    super("url refused: private_address");
    this.name = "PrivateAddressError";
  }
}

/**
 * The address check made where the connection is made. A name checked before sending could
 * resolve to 127.0.0.1 a moment later (DNS rebinding: a 0-second TTL answer that changes between
 * the check and the connect); this lookup is the one the socket uses, so what is checked is what is
 * dialled. With `allowPrivate` every address passes.
 */
export function guardedLookup(resolve: ResolveAll, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = allowPrivate ? undefined : addresses.find(isPrivateAddress);
        if (refused) return callback(new PrivateAddressError(refused), "", 0);
        if (!addresses.length) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "", 0);
        const all = addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
        if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, all);
        return callback(null, all[0]!.address, all[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, "", 0),
    );
  };
}

export type PostAnswer = { status: number; body: IncomingMessage };

/**
 * POST `body` to `url` on a connection whose address passed the check (no redirects followed,
 * no proxy, no connection reuse). Rejects on a refused address, a network error or the timeout.
 */
export function pinnedPost(
  url: string,
  init: { headers: Record<string, string>; body: string; timeoutMs: number; resolve: ResolveAll; allowPrivate: boolean },
): Promise<PostAnswer> {
  const u = new URL(url);
  const send = u.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      u,
      {
        method: "POST",
        headers: { ...init.headers, "content-length": String(Buffer.byteLength(init.body)) },
        lookup: guardedLookup(init.resolve, init.allowPrivate),
        agent: false,
        signal: AbortSignal.timeout(init.timeoutMs),
      },
      (res) => resolve({ status: res.statusCode ?? 0, body: res }),
    );
    req.on("error", reject);
    req.end(init.body);
  });
}
