import { createHash } from "node:crypto";
import { webhookMd5Text } from "@/lib/contract";

/** Test helpers: deliveries as the provider sends them. */
export const TEST_SECRET = "sandbox-secret";
export const TEST_AUTHORIZATION = "Bearer test-webhook-authorization";

export type TestMessage = {
  reference_code: string;
  idempotent_id: string;
  value_cents: number;
  status: string;
  payment_date?: string | null;
  cancellation_date?: string | null;
  [key: string]: unknown;
};

export function testMessage(overrides: Partial<TestMessage> = {}): TestMessage {
  return {
    reference_code: "REF-0001",
    idempotent_id: "hook-test-1",
    value_cents: 12_345,
    pix_key_type: "email",
    pix_key: "ana@example.com.br",
    receiver_name: "Ana Souza",
    receiver_document: "52998224725",
    status: "sent",
    registration_date: "2026-11-21T09:15:02.123-03:00",
    payment_date: null,
    cancellation_date: null,
    cancellation_reason: null,
    end_to_end: "E12345678202611211215abcdefghijk",
    receipt_url: null,
    ...overrides,
  };
}

export function md5For(message: TestMessage, secret = TEST_SECRET): string {
  return createHash("md5").update(webhookMd5Text(message, secret)).digest("hex");
}

/** A valid delivery body (md5 computed over the message as given). */
export function deliveryBody(message: TestMessage = testMessage(), secret = TEST_SECRET) {
  return { notification_type: "pix_payment", message, md5: md5For(message, secret) };
}

export function deliveryRequest(
  body: unknown,
  init: { authorization?: string | null; url?: string; headers?: Record<string, string> } = {},
): Request {
  const headers: Record<string, string> = { "content-type": "application/json", ...init.headers };
  const authorization = init.authorization === undefined ? TEST_AUTHORIZATION : init.authorization;
  if (authorization !== null) headers.authorization = authorization;
  return new Request(init.url ?? "http://127.0.0.1:3000/api/webhooks/pix", {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export type SseFrame = { id?: string; event?: string; data?: string; retry?: string; comments: string[] };

/** Parses "field: value" blocks of a Server-Sent Events text (complete frames only). */
function parseSseFrames(text: string): { frames: SseFrame[]; rest: string } {
  const blocks = text.split("\n\n");
  const rest = blocks.pop() ?? "";
  const frames = blocks.map((block) => {
    const frame: SseFrame = { comments: [] };
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) frame.comments.push(line.slice(1).trim());
      else {
        const at = line.indexOf(":");
        const field = at < 0 ? line : line.slice(0, at);
        const value = at < 0 ? "" : line.slice(at + 1).replace(/^ /, "");
        if (field === "id" || field === "event" || field === "data" || field === "retry") frame[field] = value;
      }
    }
    return frame;
  });
  return { frames, rest };
}

/** Reads an SSE byte stream frame by frame; `next(match)` resolves with the first matching frame. */
export function sseReader(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const frames: SseFrame[] = [];
  let rest = "";
  let done = false;
  let cursor = 0;
  return {
    frames,
    get done() {
      return done;
    },
    /** The first frame after the previously returned one that matches (waits for it). */
    async next(match: (f: SseFrame) => boolean = () => true): Promise<SseFrame> {
      for (;;) {
        for (let i = cursor; i < frames.length; i++) {
          if (match(frames[i]!)) {
            cursor = i + 1;
            return frames[i]!;
          }
        }
        if (done) throw new Error("stream ended before the expected frame");
        const chunk = await reader.read();
        if (chunk.done) {
          done = true;
          continue;
        }
        const parsed = parseSseFrames(rest + decoder.decode(chunk.value, { stream: true }));
        rest = parsed.rest;
        frames.push(...parsed.frames);
      }
    },
    cancel: () => reader.cancel(),
  };
}
