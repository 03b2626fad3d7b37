import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PAYMENT_NOTIFICATION_EXAMPLE, QRCODE_NOTIFICATION_EXAMPLE } from "./doc-examples";
import { planFor } from "./lifecycle";
import { startSandbox, type RunningSandbox } from "./server";
import { docShapeProblems, requestToken, sandboxClient, type SandboxClient } from "./testing";
import { paymentMd5Text, qrcodeMd5Text } from "./webhooks";

interface Received {
  authorization: string | undefined;
  body: unknown;
  at: number;
}
let received: Received[] = [];
/** Status the receiver answers for the n-th request (0-based); 200 by default. */
let answer: (n: number) => number = () => 200;
let receiver: Server;
let hookUrl = "";
let sb: RunningSandbox;
let api: SandboxClient;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const n = received.length;
      received.push({ authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString()), at: Date.now() });
      res.writeHead(answer(n)).end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/pix`;
  sb = await startSandbox({
    port: 0,
    store: "memory",
    seedCount: 50,
    quiet: true,
    autoClock: false,
    webhookRetryMs: 60,
    webhookMaxAttempts: 4,
  });
  api = sandboxClient(sb.url, await requestToken(sb.url));
});
afterAll(async () => {
  await sb.close();
  await new Promise((r) => receiver.close(r));
});
beforeEach(async () => {
  await sb.reset({ webhooks: true });
  received = [];
  answer = () => 200;
  expect((await api.post("/v1/webhooks/2", { url: hookUrl, authorization: "Bearer hook-secret" })).status).toBe(201);
});

function idWithPlan(plan: ReturnType<typeof planFor>, prefix: string): string {
  for (let i = 0; ; i++) if (planFor(`${prefix}-${i}`) === plan) return `${prefix}-${i}`;
}
const register = (idempotent_id: string) =>
  api.post("/v1/pix/payments", { idempotent_id, value_cents: 4_321, authorized: true, pix_key_type: "email", pix_key: "a@b.com.br" });

describe("POST /v1/webhooks/{type_id}", () => {
  it("answers 201 Operation succeeded when new, 200 when it replaces the type's registration", async () => {
    const first = await api.post("/v1/webhooks/1", { url: "https://partner.example.com/hooks", authorization: "k" });
    expect([first.status, first.body]).toEqual([201, { message: "Operation succeeded" }]);
    const again = await api.post("/v1/webhooks/1", { url: "https://partner.example.com/other", authorization: "k2" });
    expect([again.status, again.body]).toEqual([200, { message: "Operation succeeded" }]);
    expect(sb.state().webhooks).toContainEqual({ type_id: 1, url: "https://partner.example.com/other" });
  });

  it("registers https anywhere and http on loopback only", async () => {
    expect((await api.post("/v1/webhooks/1", { url: "https://partner.example.com/hooks", authorization: "k" })).status).toBe(201);
    expect((await api.post("/v1/webhooks/2", { url: "http://localhost:3000/api/webhooks/pix", authorization: "k" })).status).toBe(200);
    const plain = await api.post("/v1/webhooks/2", { url: "http://partner.example.com/hooks", authorization: "k" });
    expect([plain.status, plain.body]).toEqual([400, { error: "url must use https (http only on loopback)" }]);
    expect((await api.post("/v1/webhooks/2", { url: "ftp://127.0.0.1/x", authorization: "k" })).status).toBe(400);
  });

  it("validates the body and the type", async () => {
    expect((await api.post("/v1/webhooks/2", { url: "not a url", authorization: "k" })).body).toEqual({ error: "url invalid" });
    expect((await api.post("/v1/webhooks/2", { url: "https://x.example" })).body).toEqual({ error: "authorization required" });
    const unknown = await api.post("/v1/webhooks/3", { url: "https://x.example", authorization: "k" });
    expect([unknown.status, unknown.body]).toEqual([406, { error: "Webhook type not found." }]);
    expect((await api.get("/v1/webhooks/2")).status).toBe(405);
  });
});

describe("GET /v1/webhooks and DELETE /v1/webhooks/{type_id}", () => {
  it("lists each registration with its type, never the Authorization value itself", async () => {
    await api.post("/v1/webhooks/1", { url: "https://partner.example.com/qr", authorization: "secret-value" });
    const res = await api.get("/v1/webhooks");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      webhooks: [
        { url: "https://partner.example.com/qr", webhook_type_id: 1, authorization_header: true },
        { url: hookUrl, webhook_type_id: 2, authorization_header: true },
      ],
    });
    expect(res.text).not.toContain("secret-value");
  });

  it("removes a type's registration: 200 Operation succeeded, and nothing is delivered afterwards", async () => {
    const del = await api.raw("/v1/webhooks/2", { method: "DELETE" });
    expect([del.status, del.body]).toEqual([200, { message: "Operation succeeded" }]);
    expect((await api.get("/v1/webhooks")).body).toEqual({ webhooks: [] });
    expect((await api.raw("/v1/webhooks/2", { method: "DELETE" })).status).toBe(200);
    expect((await api.raw("/v1/webhooks/9", { method: "DELETE" })).status).toBe(406);
    expect((await register(idWithPlan("complete", "after-delete"))).status).toBe(201);
    await sb.settle();
    await sb.webhooksIdle();
    expect(received).toEqual([]);
  });

  it("needs the bearer token like every other call", async () => {
    expect((await fetch(`${sb.url}/v1/webhooks`)).status).toBe(401);
    expect((await fetch(`${sb.url}/v1/webhooks/2`, { method: "DELETE" })).status).toBe(401);
  });
});

describe("deliveries", () => {
  it("posts every status change with the registered Authorization and a valid md5", async () => {
    const id = idWithPlan("complete", "hook");
    await register(id);
    await sb.settle();
    await sb.webhooksIdle();
    expect(received).toHaveLength(2);
    type Hook = { notification_type: string; md5: string; message: { status: string; idempotent_id: string; reference_code: string; value_cents: number } };
    const hooks = received.map((r) => r.body as Hook);
    expect(hooks.map((h) => h.message.status)).toEqual(["sent", "completed"]);
    for (const [i, hook] of hooks.entries()) {
      expect(received[i]!.authorization).toBe("Bearer hook-secret");
      expect(docShapeProblems(hook, PAYMENT_NOTIFICATION_EXAMPLE.body)).toEqual([]);
      expect(hook.notification_type).toBe("pix_payment");
      expect(hook.message.idempotent_id).toBe(id);
      const { reference_code, value_cents } = hook.message;
      expect(hook.md5).toBe(createHash("md5").update(`payment.${reference_code}.${id}.${value_cents}.sandbox-secret`).digest("hex"));
    }
    const receipt = (received[1]!.body as { message: { receipt_url: string } }).message.receipt_url;
    expect(receipt.startsWith(sb.url)).toBe(true);
    const page = await fetch(receipt);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Comprovante Pix");
  });

  it("retries a failing receiver on the schedule and stops at the first 200", async () => {
    answer = (n) => (n < 2 ? 500 : 200);
    const id = idWithPlan("complete", "retry");
    await register(id);
    await sb.advance(10_000); // -> sent: one notification
    await sb.webhooksIdle();
    expect(received).toHaveLength(3);
    const delivery = sb.deliveries.find((d) => d.idempotent_id === id)!;
    expect(delivery.state).toBe("delivered");
    expect(delivery.attempts.map((a) => a.status)).toEqual([500, 500, 200]);
    expect(received[1]!.at - received[0]!.at).toBeGreaterThanOrEqual(55);
    expect(received[2]!.at - received[1]!.at).toBeGreaterThanOrEqual(55);
  });

  it("gives up after the last attempt (a 204 is not a 200), then delivers the next change in order", async () => {
    answer = (n) => (n < 4 ? 204 : 200);
    const id = idWithPlan("complete", "giveup");
    await register(id);
    await sb.settle();
    await sb.webhooksIdle();
    const mine = sb.deliveries.filter((d) => d.idempotent_id === id);
    expect(mine.map((d) => [d.payment_status, d.state, d.attempts.length])).toEqual([
      ["sent", "failed", 4],
      ["completed", "delivered", 1],
    ]);
    expect(received.map((r) => (r.body as { message: { status: string } }).message.status)).toEqual([
      "sent", "sent", "sent", "sent", "completed",
    ]);
  });

  it("an unreachable receiver counts as a failed attempt", async () => {
    await api.post("/v1/webhooks/2", { url: "http://127.0.0.1:9/unreachable", authorization: "x" });
    const id = idWithPlan("complete", "down");
    await register(id);
    await sb.advance(10_000);
    await sb.webhooksIdle();
    const d = sb.deliveries.find((x) => x.idempotent_id === id)!;
    expect(d.state).toBe("failed");
    expect(d.attempts).toHaveLength(4);
    expect(d.attempts[0]!.status).toBeNull();
  });

  it("sends nothing without a payments webhook, and nothing for a registration itself", async () => {
    await sb.reset({ webhooks: true });
    await register("no-hook-1");
    await sb.settle();
    await sb.webhooksIdle();
    expect(received).toHaveLength(0);
    expect(sb.state().webhooks).toEqual([]);
  });
});

describe("the md5 of a notification", () => {
  it("is made as the documentation says: its own examples give the md5 they print", () => {
    const md5 = (text: string) => createHash("md5").update(text).digest("hex");
    const payment = PAYMENT_NOTIFICATION_EXAMPLE;
    expect(paymentMd5Text(payment.body.message, payment.secretKey)).toBe("payment.P202306150000039870.TEST300523-05.1.SECRETKEY");
    expect(md5(paymentMd5Text(payment.body.message, payment.secretKey))).toBe(payment.body.md5);
    const qrcode = QRCODE_NOTIFICATION_EXAMPLE;
    expect(md5(qrcodeMd5Text(qrcode.body.message, qrcode.secretKey))).toBe(qrcode.body.md5);
  });
});
