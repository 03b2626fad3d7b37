import { afterEach, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { resetEnvForTests } from "@/lib/env";
import { proxy } from "@/proxy";
import { API_DOCS_CSP, createNonce, pageCsp } from "./security-headers";

const run = (url: string, headers: Record<string, string> = {}) => proxy(new NextRequest(url, { headers }));

const saved = { APP_URL: process.env.APP_URL, TRUSTED_PROXY_HOPS: process.env.TRUSTED_PROXY_HOPS };
function withEnv(values: Partial<Record<keyof typeof saved, string | undefined>>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
}
afterEach(() => withEnv(saved));

describe("security headers (proxy.ts)", () => {
  it("gives every page a fresh nonce in a CSP without unsafe-inline scripts, and hands it to the app", () => {
    const first = run("http://localhost:3000/payments");
    const second = run("http://localhost:3000/payments");
    const csp = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src")) ?? "";
    expect(scriptSrc).toContain("'strict-dynamic'");
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // NextResponse.next({ request: { headers } }) forwards overridden request headers this way.
    expect(first.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
  });

  it("sets the common headers on pages and APIs; HSTS only over https", () => {
    for (const url of ["http://localhost:3000/", "http://localhost:3000/api/payments", "http://localhost:3000/api/events"]) {
      const headers = run(url).headers;
      expect(headers.get("x-content-type-options")).toBe("nosniff");
      expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(headers.get("permissions-policy")).toContain("camera=()");
      expect(headers.get("strict-transport-security")).toBeNull();
    }
    // A client's own X-Forwarded-Proto means nothing while no proxy is trusted.
    const forged = run("http://localhost:3000/payments", { "x-forwarded-proto": "https" });
    expect(forged.headers.get("strict-transport-security")).toBeNull();
    withEnv({ TRUSTED_PROXY_HOPS: "1" });
    const secure = run("http://localhost:3000/payments", { "x-forwarded-proto": "https" });
    expect(secure.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(secure.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    withEnv({ TRUSTED_PROXY_HOPS: undefined, APP_URL: "https://backoffice.example" });
    expect(run("http://localhost:3000/payments").headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });

  it("does not rewrite or redirect API calls and streams, and gives them a locked-down CSP without a nonce", () => {
    const answer = run("http://localhost:3000/api/events", { accept: "text/event-stream", "x-nonce": "forged" });
    expect(answer.headers.get("x-middleware-next")).toBe("1");
    expect(answer.headers.get("x-middleware-rewrite")).toBeNull();
    expect(answer.headers.get("location")).toBeNull();
    expect(answer.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers.get("x-middleware-request-x-nonce")).toBeNull();
  });

  it("skips the nonce for router prefetches and never forwards a client-sent x-nonce", () => {
    const answer = run("http://localhost:3000/payments", { "next-router-prefetch": "1", "x-nonce": "forged" });
    expect(answer.headers.get("content-security-policy")).toBeNull();
    expect(answer.headers.get("x-middleware-request-x-nonce")).toBeNull();
    // Next keeps only the request headers listed here: the forged one is dropped.
    expect(answer.headers.get("x-middleware-override-headers")?.split(",")).not.toContain("x-nonce");
    const page = run("http://localhost:3000/payments", { "x-nonce": "forged" });
    expect(page.headers.get("x-middleware-request-x-nonce")).not.toBe("forged");
  });

  it("nonces are 128-bit base64 and the dev policy allows eval and HMR sockets only in dev", () => {
    expect(createNonce()).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(pageCsp({ nonce: "n", dev: true, https: false })).toContain("'unsafe-eval'");
    expect(pageCsp({ nonce: "n", dev: false, https: false })).not.toContain("unsafe-eval");
  });
});

describe("security headers of /api answers (next.config.ts headers(), the proxy skips /api)", () => {
  it("are the proxy's own: every common header and the locked-down API CSP; no HSTS decided at build time", async () => {
    const { default: config } = await import("@/next.config");
    const rules = (await config.headers?.()) ?? [];
    expect(rules.map((rule) => rule.source)).toEqual(["/api/:path*", "/api/docs"]);
    // The reference page alone may use its inline stylesheet; the proxy says the same for it.
    expect(rules[1]?.headers).toEqual([{ key: "Content-Security-Policy", value: API_DOCS_CSP }]);
    expect(run("http://localhost:3000/api/docs", { "x-forwarded-proto": "https" }).headers.get("content-security-policy")).toBe(API_DOCS_CSP);
    expect(API_DOCS_CSP).not.toMatch(/script-src|img-src|connect-src/);
    const fromConfig = Object.fromEntries((rules[0]?.headers ?? []).map((h) => [h.key.toLowerCase(), h.value]));
    const fromProxy = run("http://localhost:3000/api/payments%20x").headers;
    for (const name of ["x-content-type-options", "referrer-policy", "x-frame-options", "cross-origin-opener-policy", "permissions-policy", "content-security-policy"]) {
      expect(fromConfig[name], name).toBe(fromProxy.get(name));
    }
    expect(fromConfig["strict-transport-security"]).toBeUndefined();
    // A request carrying X-Forwarded-Proto runs the proxy, which believes it only behind a trusted proxy.
    const { config: proxyConfig } = await import("@/proxy");
    expect(proxyConfig.matcher).toContainEqual({ source: "/api/:path*", has: [{ type: "header", key: "x-forwarded-proto" }] });
    expect(run("http://localhost:3000/api/payments", { "x-forwarded-proto": "https" }).headers.get("strict-transport-security")).toBeNull();
    withEnv({ TRUSTED_PROXY_HOPS: "1" });
    expect(run("http://localhost:3000/api/payments", { "x-forwarded-proto": "https" }).headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });
});
