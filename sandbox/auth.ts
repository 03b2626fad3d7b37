import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

interface Credentials {
  clientId: string;
  clientSecret: string;
}

const b64url = (data: Buffer | string): string => Buffer.from(data).toString("base64url");

/**
 * Issues and checks HS256 JWT-like bearer tokens. The signing key derives from the client
 * secret, so tokens stay valid across a sandbox restart (as a real provider's would).
 * Token time is wall-clock time, independent of the lifecycle clock.
 */
export class TokenIssuer {
  private readonly key: Buffer;

  constructor(
    private readonly creds: Credentials,
    private readonly ttlSeconds: number,
    private readonly wallClock: () => number = Date.now,
  ) {
    this.key = createHash("sha256").update(`sandbox-jwt:${creds.clientSecret}`).digest();
  }

  /** Checks `Authorization: Basic base64(id:secret)`. */
  checkBasic(header: string | undefined): boolean {
    const match = /^Basic\s+(\S+)\s*$/i.exec(header ?? "");
    if (!match) return false;
    const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) return false;
    return (
      safeEqual(decoded.slice(0, colon), this.creds.clientId) &&
      safeEqual(decoded.slice(colon + 1), this.creds.clientSecret)
    );
  }

  issue(): { access_token: string; token_type: "Bearer"; expires_in: number } {
    const now = this.wallClock() / 1000;
    const header = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
    const payload = b64url(
      JSON.stringify({
        sub: this.creds.clientId,
        iat: Math.floor(now),
        exp: now + this.ttlSeconds,
        jti: randomBytes(8).toString("hex"),
      }),
    );
    const signature = this.sign(`${header}.${payload}`);
    return {
      access_token: `${header}.${payload}.${signature}`,
      token_type: "Bearer",
      expires_in: Math.max(1, Math.round(this.ttlSeconds)),
    };
  }

  /** Is this request's bearer token ours, intact and unexpired? */
  checkBearer(req: IncomingMessage): boolean {
    const match = /^Bearer\s+([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\s*$/i.exec(
      req.headers.authorization ?? "",
    );
    if (!match) return false;
    const [, header, payload, signature] = match;
    if (!safeEqual(signature!, this.sign(`${header}.${payload}`))) return false;
    try {
      const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as {
        sub?: unknown;
        exp?: unknown;
      };
      return (
        claims.sub === this.creds.clientId &&
        typeof claims.exp === "number" &&
        claims.exp * 1000 > this.wallClock()
      );
    } catch {
      return false;
    }
  }

  private sign(input: string): string {
    return createHmac("sha256", this.key).update(input).digest("base64url");
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
