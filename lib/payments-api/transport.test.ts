import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendOnce, TransportFailure } from "./transport";

/** A tiny provider stand-in whose behaviour each test picks by path. */
let server: Server;
let base: string;
/** The client-side port of each request's connection: one port = one kept-alive connection. */
const clientPorts: number[] = [];
let lastBody = "";

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      lastBody = body;
      clientPorts.push(req.socket.remotePort ?? 0);
      if (req.url === "/stall-body") {
        // Headers and half a body, then nothing: the timeout must cover the body too.
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"payments":[');
        return;
      }
      if (req.url === "/echo") {
        res.writeHead(201, { "content-type": "application/json", "retry-after": "3" });
        res.end(JSON.stringify({ got: JSON.parse(body), type: req.headers["content-type"], length: req.headers["content-length"] }));
        return;
      }
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("not json");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("sendOnce", () => {
  it("sends a JSON body as UTF-8 with its length and reads status, headers and JSON back", async () => {
    const answer = await sendOnce({ operation: "health", method: "POST", url: `${base}/echo`, headers: {}, body: { receiver_name: "João Conceição" }, timeoutMs: 2_000 });
    expect(answer.status).toBe(201);
    expect(answer.headers.get("retry-after")).toBe("3");
    expect(answer.json).toEqual({ got: { receiver_name: "João Conceição" }, type: "application/json", length: String(Buffer.byteLength(lastBody)) });
  });

  it("reuses one kept-alive connection for consecutive calls", async () => {
    clientPorts.length = 0;
    for (let i = 0; i < 5; i += 1) await sendOnce({ operation: "health", method: "POST", url: `${base}/echo`, headers: {}, body: { i }, timeoutMs: 2_000 });
    expect(clientPorts).toHaveLength(5);
    expect(new Set(clientPorts).size).toBe(1);
  });

  it("times out when the body stalls after the headers (the timeout covers the whole answer)", async () => {
    const started = performance.now();
    const failure = await sendOnce({ operation: "health", method: "GET", url: `${base}/stall-body`, headers: {}, timeoutMs: 300 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TransportFailure);
    expect((failure as TransportFailure).reason).toBe("timeout");
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("reports a body that is not JSON instead of throwing", async () => {
    const answer = await sendOnce({ operation: "health", method: "GET", url: `${base}/text`, headers: {}, timeoutMs: 2_000 });
    expect(answer.json).toBeUndefined();
    expect(answer.jsonError).toMatch(/not JSON/);
  });

  it("a refused connection or an unusable header is a network failure, not a crash", async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const refused = await sendOnce({ operation: "health", method: "GET", url: `http://127.0.0.1:${closed}/x`, headers: {}, timeoutMs: 2_000 }).catch((e: unknown) => e);
    expect((refused as TransportFailure).reason).toBe("network");
    const badHeader = await sendOnce({ operation: "health", method: "GET", url: `${base}/echo`, headers: { authorization: "Bearer a\nb" }, timeoutMs: 2_000 }).catch((e: unknown) => e);
    expect((badHeader as TransportFailure).reason).toBe("network");
  });
});
