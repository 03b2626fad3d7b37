import "server-only";
import { createDecipheriv, createECDH, createHmac, randomBytes, type ECDH } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Test-only: the two sides of Web Push that are not ours. A push service (a local HTTP server
 * that keeps what it is sent, answering a chosen status), and a browser's subscription: its
 * P-256 key pair and auth secret, with the decryption a browser does (RFC 8291 on RFC 8188's
 * aes128gcm), written here from the RFCs with node:crypto: a second reading of what web-push
 * implements, so a wrong encryption cannot pass.
 */
export type PushReceived = { path: string; headers: IncomingHttpHeaders; body: Buffer };
export type TestPushService = { url: string; received: PushReceived[]; status: number; close(): Promise<void> };

export async function startTestPushService(): Promise<TestPushService> {
  const state: TestPushService = { url: "", received: [], status: 201, close: async () => undefined };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      state.received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(state.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

export type TestBrowser = { ecdh: ECDH; auth: Buffer; keys: { p256dh: string; auth: string } };

/** A browser's subscription keys, as PushSubscription.toJSON() gives them. */
export function testBrowser(): TestBrowser {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } };
}

const hmac = (key: Buffer, ...data: Buffer[]) => createHmac("sha256", key).update(Buffer.concat(data)).digest();

/** Decrypts one aes128gcm push body with the browser's keys (a single record, as a push is). */
export function decryptPush(body: Buffer, browser: TestBrowser): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error("more than one record");
  const shared = browser.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), browser.ecdh.getPublicKey(), serverPublic]);
  const ikm = hmac(hmac(browser.auth, shared), keyInfo, Buffer.from([1]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0"), Buffer.from([1])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0"), Buffer.from([1])).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/** The claims of the VAPID JWT a push carries (`Authorization: vapid t=<jwt>, k=<key>`), unchecked. */
export function vapidOf(headers: IncomingHttpHeaders): { key: string; claims: { aud?: string; exp?: number; sub?: string } } | null {
  const match = /^vapid t=([^,\s]+),\s*k=(\S+)$/.exec(String(headers.authorization ?? ""));
  if (!match) return null;
  const payload = match[1]!.split(".")[1] ?? "";
  return { key: match[2]!, claims: JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { aud?: string; exp?: number; sub?: string } };
}
