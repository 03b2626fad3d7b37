import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "./server";
import { DOC_SHAPES, docShapeProblems, requestToken, sandboxClient } from "./testing";

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, store: "memory", seedCount: 200, quiet: true, tokenTtlSeconds: 1 });
});
afterAll(() => sb.close());

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
const tokenCall = (headers: Record<string, string>, body: string) =>
  fetch(`${sb.url}/auth/generate_token`, { method: "POST", headers, body });

describe("POST /auth/generate_token", () => {
  it("issues a JWT-like bearer token for the configured client", async () => {
    const res = await tokenCall(
      { authorization: basic("sandbox-client", "sandbox-secret"), "content-type": "application/json" },
      JSON.stringify({ grant_type: "client_credentials" }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(docShapeProblems(body, DOC_SHAPES.token)).toEqual([]);
    expect(body.token_type).toBe("Bearer");
    expect(body.expires_in).toBe(1);
    const parts = body.access_token.split(".");
    expect(parts).toHaveLength(3);
    expect(JSON.parse(Buffer.from(parts[0]!, "base64url").toString())).toEqual({ alg: "HS256", typ: "JWT" });
    expect(JSON.parse(Buffer.from(parts[1]!, "base64url").toString()).sub).toBe("sandbox-client");
  });

  it("accepts a form-encoded grant as OAuth2 clients send it", async () => {
    const res = await tokenCall(
      { authorization: basic("sandbox-client", "sandbox-secret"), "content-type": "application/x-www-form-urlencoded" },
      "grant_type=client_credentials",
    );
    expect(res.status).toBe(200);
  });

  it.each([
    ["no Authorization", {}, '{"grant_type":"client_credentials"}'],
    ["a wrong secret", { authorization: basic("sandbox-client", "nope") }, '{"grant_type":"client_credentials"}'],
    ["a wrong id", { authorization: basic("other", "sandbox-secret") }, '{"grant_type":"client_credentials"}'],
    ["a bearer instead of basic", { authorization: "Bearer abc" }, '{"grant_type":"client_credentials"}'],
    ["garbage basic", { authorization: "Basic !!!" }, '{"grant_type":"client_credentials"}'],
    ["another grant", { authorization: basic("sandbox-client", "sandbox-secret") }, '{"grant_type":"password"}'],
    ["broken JSON", { authorization: basic("sandbox-client", "sandbox-secret") }, "{grant"],
  ])("answers 401 Unauthorized with %s", async (_label, headers, body) => {
    const res = await tokenCall({ "content-type": "application/json", ...headers }, body);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Unauthorized" });
  });

  it("answers 405 to other methods", async () => {
    const res = await fetch(`${sb.url}/auth/generate_token`);
    expect(res.status).toBe(405);
  });
});

describe("bearer token on every API call", () => {
  const calls: [string, string, unknown?][] = [
    ["GET", "/v1/pix/payments"],
    ["POST", "/v1/pix/payments", { idempotent_id: "x", value_cents: 1, pix_key_type: "email", pix_key: "a@b.co" }],
    ["GET", "/v1/pix/payments/sandbox-known-pending/idempotent_id"],
    ["GET", "/v1/pix/qrcodes/end_to_end/E18236120202611161230SBXQRPAID01/"],
    ["GET", "/v1/webhooks/types"],
    ["POST", "/v1/webhooks/2", { url: "https://example.com/hook", authorization: "x" }],
  ];

  it.each(calls)("%s %s without a token answers 401", async (method, path, body) => {
    const res = await fetch(`${sb.url}${path}`, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Unauthorized" });
    expect(sb.state().payments.registered).toBe(0);
  });

  it("refuses a tampered or foreign token", async () => {
    const token = await requestToken(sb.url);
    const [h, p] = token.split(".");
    const forged = `${h}.${p}.${Buffer.from("not-the-signature").toString("base64url")}`;
    expect((await sandboxClient(sb.url, forged).get("/v1/pix/payments")).status).toBe(401);
    const other = await startSandbox({ port: 0, store: "memory", seedCount: 0, quiet: true, clientSecret: "different" });
    try {
      const foreign = await requestToken(other.url, "sandbox-client", "different");
      expect((await sandboxClient(sb.url, foreign).get("/v1/pix/payments")).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it("accepts a fresh token and refuses it once expired", async () => {
    const client = sandboxClient(sb.url, await requestToken(sb.url));
    expect((await client.get("/v1/pix/payments")).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1_150));
    const late = await client.get("/v1/pix/payments");
    expect(late.status).toBe(401);
    expect(late.body).toEqual({ error: "Unauthorized" });
  });

  it("uses the configured credentials", async () => {
    const other = await startSandbox({
      port: 0,
      store: "memory",
      seedCount: 0,
      quiet: true,
      clientId: "acme",
      clientSecret: "s3cret",
    });
    try {
      await expect(requestToken(other.url)).rejects.toThrow(/401/);
      const token = await requestToken(other.url, "acme", "s3cret");
      expect((await sandboxClient(other.url, token).get("/v1/webhooks/types")).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
