import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { config, proxy } from "@/proxy";
import {
  CLIENT_ADDRESS_HEADER,
  clientAddress,
  FORWARDED_HEADERS,
  isHttpsRequest,
  normalizeAddress,
  untrustedForwardedHeaders,
  withClientAddressHeader,
} from "./client-address";

const headers = (values: Record<string, string>) => new Headers(values);

describe("clientAddress", () => {
  it("with no trusted proxy: the one address Next.js filled from the socket", () => {
    // After proxy.ts dropped the client's copies, X-Forwarded-For holds the socket peer only.
    expect(clientAddress(headers({ "x-forwarded-for": "::ffff:127.0.0.2", host: "localhost:3100", "x-forwarded-proto": "http" }), 0)).toEqual({
      ip: "127.0.0.2",
      host: "localhost:3100",
      protocol: "http",
    });
  });

  it("with N trusted proxies: the N-th entry from the right; what the client wrote to its left is ignored", () => {
    const chain = headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.5", "x-forwarded-proto": "http, https", "x-forwarded-host": "evil.example, backoffice.example" });
    expect(clientAddress(chain, 1)).toMatchObject({ ip: "10.0.0.5", protocol: "https", host: "backoffice.example" });
    expect(clientAddress(chain, 2)).toMatchObject({ ip: "203.0.113.9", protocol: "http", host: "evil.example" });
    // Fewer entries than hops: the leftmost (the first proxy wrote it).
    expect(clientAddress(headers({ "x-forwarded-for": "203.0.113.9" }), 3).ip).toBe("203.0.113.9");
  });

  it("believes only addresses: junk, ports and brackets are handled, nothing is invented", () => {
    expect(normalizeAddress("[2001:db8::1]:443")).toBe("2001:db8::1");
    expect(normalizeAddress("192.0.2.1:5000")).toBe("192.0.2.1");
    expect(normalizeAddress("2001:DB8::A")).toBe("2001:db8::a");
    expect(normalizeAddress("evil.example")).toBeNull();
    expect(normalizeAddress("' OR 1=1 --")).toBeNull();
    expect(clientAddress(headers({}), 0)).toEqual({ ip: null, host: null, protocol: "http" });
  });

  it("https only when APP_URL says so or a trusted proxy does", () => {
    const forged = headers({ "x-forwarded-proto": "https" });
    expect(isHttpsRequest(forged, 0, "http://localhost:3000")).toBe(false);
    expect(isHttpsRequest(forged, 1, "http://localhost:3000")).toBe(true);
    expect(isHttpsRequest(headers({}), 0, "https://backoffice.example")).toBe(true);
  });

  it("stamps the resolved address for Better Auth, overwriting a client-sent copy, and keeps the body", async () => {
    const request = new Request("http://localhost:3000/api/auth/sign-in/email", {
      method: "POST",
      headers: { "x-forwarded-for": "198.51.100.4", [CLIENT_ADDRESS_HEADER]: "6.6.6.6", "content-type": "application/json" },
      body: '{"a":1}',
    });
    const stamped = withClientAddressHeader(request, '{"a":1}', 0);
    expect(stamped.headers.get(CLIENT_ADDRESS_HEADER)).toBe("198.51.100.4");
    expect(await stamped.text()).toBe('{"a":1}');
    const none = withClientAddressHeader(new Request("http://x/", { headers: { [CLIENT_ADDRESS_HEADER]: "6.6.6.6" } }), undefined, 0);
    expect(none.headers.get(CLIENT_ADDRESS_HEADER)).toBeNull();
  });
});

describe("proxy.ts and forwarded headers", () => {
  it("drops every client-sent forwarded header when no proxy is trusted, so Next.js fills them from the socket", () => {
    const forged = Object.fromEntries(FORWARDED_HEADERS.map((name) => [name, name === "forwarded" ? "for=6.6.6.6" : "6.6.6.6"]));
    for (const url of ["http://localhost:3000/api/auth/sign-in/email", "http://localhost:3000/payments"]) {
      const answer = proxy(new NextRequest(url, { headers: { ...forged, accept: "text/html", cookie: "pix.session_token=x.y" } }));
      const kept = answer.headers.get("x-middleware-override-headers")?.split(",") ?? [];
      expect(kept.length, url).toBeGreaterThan(0);
      for (const name of FORWARDED_HEADERS) expect(kept, `${url} ${name}`).not.toContain(name);
    }
    expect(untrustedForwardedHeaders(headers({ "x-forwarded-for": "1.2.3.4" }), 1)).toEqual([]);
  });

  it("runs for every /api request that carries one of them (and only those, besides '%' paths)", () => {
    const apiRules = config.matcher.filter((m): m is Exclude<typeof m, string> => typeof m !== "string");
    const covered = apiRules.flatMap((rule) => rule.has.map((h) => h.key));
    expect([...covered].sort()).toEqual([...FORWARDED_HEADERS].sort());
    for (const rule of apiRules) {
      expect(rule.source).toBe("/api/:path*");
      expect(rule.has).toHaveLength(1);
    }
  });
});
