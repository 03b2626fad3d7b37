import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRouteFor } from "./api-routes";
import { allowedMethods, installMethodGate } from "./method-gate";

describe("apiRouteFor: the route Next.js would pick for a path", () => {
  it("prefers static segments over dynamic ones and a dynamic one over the catch-all", () => {
    expect(apiRouteFor("/api/transfers/inbox")?.pattern).toBe("/api/transfers/inbox");
    expect(apiRouteFor("/api/transfers/abc")?.pattern).toBe("/api/transfers/[id]");
    expect(apiRouteFor("/api/batches/template.csv")?.pattern).toBe("/api/batches/template.csv");
    expect(apiRouteFor("/api/batches/b1/approve")?.pattern).toBe("/api/batches/[id]/approve");
    expect(apiRouteFor("/api/auth/sign-in/email")?.pattern).toBe("/api/auth/[...all]");
    expect(apiRouteFor("/api/no/such/thing")?.pattern).toBe("/api/[...unknown]");
    expect(apiRouteFor("/payments")).toBeNull();
  });
});

describe("allowedMethods", () => {
  it("lets through what a route exports, HEAD with GET, and OPTIONS", () => {
    expect(allowedMethods("POST", "/api/transfers")).toBeNull();
    expect(allowedMethods("HEAD", "/api/payments")).toBeNull();
    expect(allowedMethods("OPTIONS", "/api/users/u1")).toBeNull();
    expect(allowedMethods("GET", "/payments")).toBeNull();
  });

  it("names the allowed methods for anything else, TRACE included", () => {
    expect(allowedMethods("TRACE", "/api/payments")).toEqual(["GET", "HEAD", "OPTIONS", "POST"]);
    expect(allowedMethods("PUT", "/api/transfers/t1/approve")).toEqual(["OPTIONS", "POST"]);
    expect(allowedMethods("DELETE", "/api/users/u1")).toEqual(["OPTIONS", "PATCH"]);
    expect(allowedMethods("TRACE", "/login")).toEqual(["GET", "HEAD"]);
    expect(allowedMethods("PROPFIND", "/")).toEqual(["GET", "HEAD"]);
  });
});

describe("installMethodGate on a real Node server", () => {
  let server: http.Server;
  let port = 0;
  const reached: string[] = [];
  beforeAll(async () => {
    installMethodGate();
    server = http.createServer((req, res) => {
      reached.push(`${req.method} ${req.url}`);
      res.end("app");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function send(method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on("error", reject);
      req.end();
    });
  }

  it("answers TRACE with 405, Allow and a JSON error in Portuguese by default, before the app", async () => {
    const res = await send("TRACE", "/api/payments?x=1");
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD, OPTIONS, POST");
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(JSON.parse(res.body)).toMatchObject({ error: expect.stringContaining("TRACE"), kind: "method_not_allowed" });
    expect(JSON.parse(res.body).error).toMatch(/não é aceito/);
    expect(reached).not.toContain("TRACE /api/payments?x=1");
  });

  it("speaks English to a caller who chose it, and refuses a method a route does not export", async () => {
    const res = await send("DELETE", "/api/transfers", { cookie: "NEXT_LOCALE=en" });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD, OPTIONS, POST");
    expect(JSON.parse(res.body).error).toMatch(/is not accepted/);
  });

  it("hands every served method to the app unchanged", async () => {
    const res = await send("GET", "/api/payments");
    expect(res.status).toBe(200);
    expect(res.body).toBe("app");
    expect(reached).toContain("GET /api/payments");
  });
});
