import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { MESSAGES } from "./documented";
import { routeApi } from "./api-routes";
import { routeControl } from "./control-routes";
import type { ArmedFault } from "./faults";
import { error, readRawBody, writeReply, type RawBody, type Reply, type RequestContext } from "./http-io";
import { resolveOptions, type SandboxOptions } from "./options";
import { SandboxCore } from "./sandbox-core";
import type { DeliveryRecord } from "./webhooks";

export type { SandboxOptions } from "./options";

export interface RunningSandbox {
  /** Base URL, e.g. http://127.0.0.1:4010 (no trailing slash). */
  url: string;
  port: number;
  host: string;
  clientId: string;
  clientSecret: string;
  /** End of the seeded history. */
  anchor: Date;
  /** Webhook notifications and their attempts (live, oldest first). */
  deliveries: readonly DeliveryRecord[];
  close(): Promise<void>;
  /** Moves the lifecycle clock; resolves with the number of status changes. */
  advance(ms: number): Promise<number>;
  /** Runs the lifecycle until every authorized payment is final. */
  settle(): Promise<number>;
  /** Back to the seeded state (see /_control/reset). */
  reset(options?: { webhooks?: boolean }): Promise<number>;
  /** Resolves when no webhook delivery is queued or waiting for a retry. */
  webhooksIdle(): Promise<void>;
  state(): ReturnType<SandboxCore["state"]>;
  /** The engine itself, for tests that need more. */
  core: SandboxCore;
  /** Tests: sees every request as it arrives, before the sandbox handles it. */
  onRequest(listener: (req: IncomingMessage, res: ServerResponse) => void): void;
}

/** Longest a "timeout" fault holds a connection when the client never gives up. */
const HOLD_LIMIT_MS = 10 * 60_000;

/** Starts the sandbox provider: a real HTTP server implementing the whole payments contract. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const opts = resolveOptions(options);
  const core = await SandboxCore.create(opts);
  const held = core.held;

  const holdOpen = (res: ServerResponse) => {
    const socket = res.socket;
    if (!socket) return;
    held.add(socket);
    const timer = setTimeout(() => socket.destroy(), HOLD_LIMIT_MS);
    timer.unref();
    socket.once("close", () => {
      clearTimeout(timer);
      held.delete(socket);
    });
  };

  const server = createServer((req, res) => {
    handle(core, req, res, holdOpen).catch((e: unknown) => {
      core.log(`unexpected error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      writeReply(res, error(500, MESSAGES.operationFailed));
    });
  });
  // Longer than clients' idle timeouts (undici: 4 s), so a client never reuses a socket we just closed.
  server.keepAliveTimeout = 65_000;
  server.on("clientError", (_err, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n");
    else socket.destroy();
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(opts.port, opts.host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (e) {
    await core.close();
    throw e;
  }
  const port = (server.address() as AddressInfo).port;
  const hostForUrl = opts.host.includes(":") ? `[${opts.host}]` : opts.host;
  const url = `http://${hostForUrl}:${port}`;
  core.baseUrl = url;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of held) socket.destroy();
        core.faults.clear();
      });
      await core.close();
    })();
    return closing;
  };

  return {
    url,
    port,
    host: opts.host,
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
    anchor: core.anchor,
    deliveries: core.webhooks.deliveries,
    close,
    advance: (ms) => core.lifecycle.advance(ms),
    settle: () => core.lifecycle.settle(),
    reset: (o) => core.reset(o),
    webhooksIdle: () => core.webhooks.idle(),
    state: () => core.state(),
    core,
    onRequest: (listener) => void server.prependListener("request", listener),
  };
}

function parseTarget(rawUrl: string): { rawPath: string; search: URLSearchParams } {
  let target = rawUrl;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    const u = new URL(target);
    target = u.pathname + u.search;
  }
  const q = target.indexOf("?");
  return {
    rawPath: q < 0 ? target : target.slice(0, q),
    search: new URLSearchParams(q < 0 ? "" : target.slice(q + 1)),
  };
}

/**
 * One request, as a real server handles it: the whole body is read first; from then on the
 * request is finished whatever the client does (a client that hangs up during a delay or a hold
 * does not stop a registration from being stored: only its answer is lost). Faults armed through
 * /_control/faults bend the path: before the work (nothing done), after it (the answer spoiled),
 * or a hold that parks the request until a test releases it.
 */
async function handle(
  core: SandboxCore,
  req: IncomingMessage,
  res: ServerResponse,
  holdOpen: (res: ServerResponse) => void,
): Promise<void> {
  const method = (req.method ?? "GET").toUpperCase();
  let body: RawBody;
  try {
    body = await readRawBody(req);
  } catch {
    // The client left before its request was complete: there is nothing to finish.
    res.destroy();
    return;
  }
  let target: { rawPath: string; search: URLSearchParams };
  let segments: string[];
  try {
    target = parseTarget(req.url ?? "/");
    const parts = target.rawPath.split("/");
    if (parts[0] === "") parts.shift();
    segments = parts.map((p) => decodeURIComponent(p));
  } catch {
    writeReply(res, error(400, "Malformed URL"));
    return;
  }
  const trailingSlash = segments.length > 0 && segments[segments.length - 1] === "";
  if (trailingSlash) segments.pop();
  const ctx: RequestContext = { req, method, segments, trailingSlash, search: target.search, body };

  if (segments[0] === "_control" && core.opts.control) {
    writeReply(res, (await routeControl(core, ctx, res)) ?? error(404, "Not found"));
    return;
  }

  const fault = core.faults.take(method, target.rawPath);
  if (fault) core.log(`fault ${fault.fault} on ${method} ${target.rawPath}`);
  let spoil = fault?.fault;
  let finished = () => {};
  switch (fault?.fault) {
    case "reset":
      req.socket.destroy();
      return;
    case "timeout":
      holdOpen(res);
      return;
    case "500":
      writeReply(res, error(500, MESSAGES.operationFailed));
      return;
    case "delay":
      await core.opts.sleep(fault.delayMs);
      break;
    case "hold": {
      const held = await parkHeld(core, fault);
      finished = held.done;
      if (held.mode === "drop") {
        req.socket.destroy();
        finished();
        return;
      }
      spoil = held.mode === "commit-then-reset" ? "reset-after-commit" : held.mode === "commit-then-500" ? "500-after-commit" : undefined;
      break;
    }
  }

  try {
    const reply: Reply = (await routeApi(core, ctx)) ?? error(404, "Not found");
    switch (spoil) {
      case "timeout-after-commit":
        holdOpen(res);
        return;
      case "reset-after-commit":
        req.socket.destroy();
        return;
      case "500-after-commit":
        writeReply(res, error(500, MESSAGES.operationFailed));
        return;
      case "malformed-json": {
        const text = JSON.stringify(reply.body ?? {});
        writeReply(res, { status: 200, body: null, raw: text.slice(0, Math.max(1, Math.floor(text.length / 2))) });
        return;
      }
    }
    writeReply(res, reply);
  } finally {
    finished();
  }
}

/** Waits for the release of a held request; the request stays unanswered and unprocessed meanwhile. */
async function parkHeld(core: SandboxCore, fault: ArmedFault) {
  const parked = core.faults.park(fault.id);
  return { mode: await parked.mode, done: parked.done };
}
