import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";

/** A route handler (app/api/.../route.ts) served over real HTTP, so that a provider process can call it. Tests only. */
export type RouteServer = { url: string; server: Server; requests: number; close(): Promise<void> };

type Handler = (request: Request, context: never) => Promise<Response>;

function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    body: req.method === "GET" || req.method === "HEAD" ? undefined : (Readable.toWeb(req) as ReadableStream<Uint8Array>),
    duplex: "half",
  } as RequestInit);
}

/**
 * Serves `handler` at `path` on a free port. `down()` makes it answer 503 without calling the
 * handler (a receiver that is not there) until `up()`.
 */
export async function serveRoute(path: string, handler: Handler): Promise<RouteServer & { down(): void; up(): void }> {
  let available = true;
  const state = { requests: 0 };
  const server = createServer((req, res) => {
    state.requests++;
    if (!available) {
      req.resume();
      res.writeHead(503).end();
      return;
    }
    handler(toRequest(req, "http://127.0.0.1"), undefined as never)
      .then(async (answer) => res.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text()))
      .catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return {
    url,
    server,
    get requests() {
      return state.requests;
    },
    down: () => void (available = false),
    up: () => void (available = true),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
