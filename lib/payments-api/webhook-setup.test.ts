import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { resetTokenCacheForTests } from "./token";
import { ensureWebhookRegistrations, webhookReceiverUrl } from "./webhook-setup";

/**
 * Against a fake provider (a tiny HTTP server speaking the documented calls), not the sandbox:
 * what is asked, in which order, and that a second start changes nothing.
 */
type Call = { method: string; path: string; body: unknown };
let calls: Call[] = [];
let registered = new Map<number, { url: string; authorization: string }>();
let listAnswer: (() => { status: number; body: unknown }) | null = null;
let registerAnswer: { status: number; body: unknown } | null = null;
let server: Server;

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const path = req.url ?? "/";
      const send = (status: number, payload: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
      if (path === "/auth/generate_token") return send(200, { access_token: "fake-token", token_type: "Bearer", expires_in: 1800 });
      calls.push({ method: req.method ?? "GET", path, body });
      if (req.headers.authorization !== "Bearer fake-token") return send(401, { error: "Unauthorized" });
      if (req.method === "GET" && path === "/v1/webhooks") {
        if (listAnswer) {
          const a = listAnswer();
          return send(a.status, a.body);
        }
        return send(200, { webhooks: [...registered].map(([type, w]) => ({ url: w.url, webhook_type_id: type, authorization_header: true })) });
      }
      const match = /^\/v1\/webhooks\/(\d)$/.exec(path);
      if (req.method === "POST" && match) {
        if (registerAnswer) return send(registerAnswer.status, registerAnswer.body);
        const type = Number(match[1]);
        const replaced = registered.has(type);
        registered.set(type, body as { url: string; authorization: string });
        return send(replaced ? 200 : 201, { message: "Operation succeeded" });
      }
      send(404, { error: "Not found" });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  Object.assign(process.env, {
    PAYMENTS_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    PAYMENTS_API_CLIENT_ID: "fake-client",
    PAYMENTS_API_CLIENT_SECRET: "fake-secret",
    PAYMENTS_WEBHOOK_AUTHORIZATION: "Bearer ours",
    AUTH_SECRET: "test-auth-secret-test-auth-secret-0001",
    PAYMENTS_API_READ_RETRIES: "0",
    LOG_LEVEL: "silent",
  });
  resetEnvForTests();
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  calls = [];
  registered = new Map();
  listAnswer = null;
  registerAnswer = null;
  resetTokenCacheForTests();
});

const URL_OURS = "https://backoffice.example.com/api/webhooks/pix";
const setup = (force = false) => ensureWebhookRegistrations({ url: URL_OURS, authorization: "Bearer ours", force });

describe("webhookReceiverUrl", () => {
  it("is the public address with a real provider, the server itself beside the sandbox", () => {
    expect(webhookReceiverUrl({ sandboxMode: false, port: 3000, appUrl: "https://backoffice.example.com/" })).toBe("https://backoffice.example.com/api/webhooks/pix");
    expect(webhookReceiverUrl({ sandboxMode: true, port: 3100, appUrl: "http://localhost:3100" })).toBe("http://127.0.0.1:3100/api/webhooks/pix");
  });
});

describe("ensureWebhookRegistrations", () => {
  it("registers payments (type 2) and QR codes (type 1) with our URL and Authorization when none is there", async () => {
    const result = await setup();
    expect(result.types).toEqual([
      { typeId: 2, action: "registered" },
      { typeId: 1, action: "registered" },
    ]);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /v1/webhooks", "POST /v1/webhooks/2", "POST /v1/webhooks/1"]);
    expect(calls[1]!.body).toEqual({ url: URL_OURS, authorization: "Bearer ours" });
  });

  it("is idempotent: a second start only lists, and keeps what already points at us", async () => {
    await setup();
    calls = [];
    const again = await setup();
    expect(again.types.map((t) => t.action)).toEqual(["kept", "kept"]);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /v1/webhooks"]);
  });

  it("replaces a registration that points elsewhere, and only that one", async () => {
    registered.set(2, { url: URL_OURS, authorization: "Bearer ours" });
    registered.set(1, { url: "https://old.example.com/hooks", authorization: "x" });
    const result = await setup();
    expect(result.types).toEqual([
      { typeId: 2, action: "kept" },
      { typeId: 1, action: "registered" },
    ]);
    expect(registered.get(1)).toEqual({ url: URL_OURS, authorization: "Bearer ours" });
  });

  it("registers both when the provider cannot list them, or when forced (a rotated Authorization is not visible)", async () => {
    listAnswer = () => ({ status: 500, body: { error: "Operation failed! Please try again or contact our support team" } });
    expect((await setup()).types.map((t) => t.action)).toEqual(["registered", "registered"]);
    listAnswer = null;
    calls = [];
    expect((await setup(true)).types.map((t) => t.action)).toEqual(["registered", "registered"]);
    expect(calls.some((c) => c.path === "/v1/webhooks" && c.method === "GET")).toBe(false);
  });

  it("a refused registration fails the start with the provider's reason", async () => {
    registerAnswer = { status: 400, body: { error: "url must use https" } };
    await expect(setup(true)).rejects.toMatchObject({ kind: "invalid", providerMessage: "url must use https" });
  });
});
