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
  closeConnection?: boolean;
}

export const json = (status: number, body: unknown): Reply => ({ status, body });
export const error = (status: number, message: string): Reply => ({ status, body: { error: message } });

type BodyResult = { ok: true; value: unknown } | { ok: false; reply: Reply };

function isJsonType(header: string | undefined): boolean {
  if (!header) return false;
  const type = header.split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** Reads the raw body up to the limit. */
export async function readRawBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer | "too-large"> {
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
    // A client that hangs up mid-body: settle instead of waiting forever.
    req.on("close", () => {
      if (!done && !req.complete) reject(new Error("request aborted"));
      done = true;
    });
  });
}

const tooLarge = (): Reply => ({ ...error(413, "Request body too large"), closeConnection: true });

/**
 * Reads a JSON body: 415 for another content type, 413 over 64 kB, 400 for broken JSON.
 * `allowEmpty` lets bodiless control calls through as `{}`.
 */
export async function readJsonBody(req: IncomingMessage, allowEmpty = false): Promise<BodyResult> {
  const raw = await readRawBody(req);
  if (raw === "too-large") return { ok: false, reply: tooLarge() };
  if (raw.length === 0 && allowEmpty) return { ok: true, value: {} };
  if (!isJsonType(req.headers["content-type"])) {
    return { ok: false, reply: error(415, "Content-Type must be application/json") };
  }
  try {
    return { ok: true, value: JSON.parse(raw.toString("utf8")) as unknown };
  } catch {
    return { ok: false, reply: error(400, "Invalid JSON body") };
  }
}

/** Reads a body that must be a JSON object (arrays, numbers, null are refused). */
export async function readJsonObject(
  req: IncomingMessage,
  allowEmpty = false,
): Promise<{ ok: true; value: Record<string, unknown> } | { ok: false; reply: Reply }> {
  const body = await readJsonBody(req, allowEmpty);
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
  if (reply.closeConnection) headers.connection = "close";
  try {
    res.writeHead(reply.status, headers);
    res.end(text);
  } catch {
    res.destroy();
  }
}
