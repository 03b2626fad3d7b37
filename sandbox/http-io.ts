import type { IncomingMessage, ServerResponse } from "node:http";

/** Largest request body the sandbox reads; bigger bodies get 413 and change nothing. */
export const MAX_BODY_BYTES = 64 * 1024;

/** What a handler answers; the server writes it (or a fault replaces it). */
export interface Reply {
  status: number;
  body: unknown;
  /** Raw text instead of JSON (malformed-json fault, receipts). */
  raw?: string;
  contentType?: string;
  /** A redirect's target (the checkout page after "Pagar": post, redirect, get). */
  location?: string;
  closeConnection?: boolean;
}

export const json = (status: number, body: unknown): Reply => ({ status, body });
export const error = (status: number, message: string): Reply => ({ status, body: { error: message } });

/** A request body as read before anything else happens (see server.ts), or too large to read. */
export type RawBody = Buffer | "too-large";

/** One request as the routes see it. */
export interface RequestContext {
  req: IncomingMessage;
  method: string;
  /** Decoded path segments, without the leading empty one and a single trailing slash. */
  segments: string[];
  trailingSlash: boolean;
  search: URLSearchParams;
  body: RawBody;
}

type BodyResult = { ok: true; value: unknown } | { ok: false; reply: Reply };

function isJsonType(header: string | undefined): boolean {
  if (!header) return false;
  const type = header.split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/**
 * Reads the raw body up to the limit. Rejects when the client hangs up before the body is
 * complete: such a request never fully arrived, so nothing is done with it.
 */
export async function readRawBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<RawBody> {
  const declared = Number(req.headers["content-length"] ?? "0");
  if (Number.isFinite(declared) && declared > limit) return "too-large";
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        resolve("too-large");
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!done) resolve(Buffer.concat(chunks));
      done = true;
    });
    req.on("error", (e) => {
      if (!done) reject(e);
      done = true;
    });
    req.on("close", () => {
      if (!done && !req.complete) reject(new Error("request aborted"));
      done = true;
    });
  });
}

export const tooLarge = (): Reply => ({ ...error(413, "Request body too large"), closeConnection: true });

/**
 * The body as JSON: 415 for another content type, 413 over 64 kB, 400 for broken JSON.
 * `allowEmpty` lets bodiless control calls through as `{}`.
 */
export function jsonBody(ctx: RequestContext, allowEmpty = false): BodyResult {
  const raw = ctx.body;
  if (raw === "too-large") return { ok: false, reply: tooLarge() };
  if (raw.length === 0 && allowEmpty) return { ok: true, value: {} };
  if (!isJsonType(ctx.req.headers["content-type"])) {
    return { ok: false, reply: error(415, "Content-Type must be application/json") };
  }
  try {
    return { ok: true, value: JSON.parse(raw.toString("utf8")) as unknown };
  } catch {
    return { ok: false, reply: error(400, "Invalid JSON body") };
  }
}

/** The body as a JSON object (arrays, numbers, null are refused). */
export function jsonObject(
  ctx: RequestContext,
  allowEmpty = false,
): { ok: true; value: Record<string, unknown> } | { ok: false; reply: Reply } {
  const body = jsonBody(ctx, allowEmpty);
  if (!body.ok) return body;
  if (typeof body.value !== "object" || body.value === null || Array.isArray(body.value)) {
    return { ok: false, reply: error(400, "Body must be a JSON object") };
  }
  return { ok: true, value: body.value as Record<string, unknown> };
}

/** Writes a reply; never throws (a client may be gone). */
export function writeReply(res: ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed) return;
  const text = reply.raw ?? JSON.stringify(reply.body);
  const headers: Record<string, string | number> = {
    "content-type": reply.contentType ?? "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  };
  if (reply.location) headers.location = reply.location;
  if (reply.closeConnection) headers.connection = "close";
  try {
    res.writeHead(reply.status, headers);
    res.end(text);
  } catch {
    res.destroy();
  }
}
