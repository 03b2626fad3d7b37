import { describe, expect, it } from "vitest";
import { AUTH_BODY_LIMIT } from "@/lib/http/body";
import { handleAuthRequest } from "./auth-request";

// The /api/auth/* door, with no session needed: bounded bodies, nesting, and what Better Auth gets.
const seen: { bodies: string[] } = { bodies: [] };
const betterAuth = {
  handler: async (request: Request) => {
    seen.bodies.push(await request.text());
    return Response.json({ ok: true });
  },
};

function chunkedSignIn(totalBytes: number, headers: Record<string, string> = {}) {
  const pulled = { bytes: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= totalBytes) return controller.close();
      pulled.bytes += 16 * 1024;
      controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
    },
  });
  const request = new Request("http://localhost:3000/api/auth/sign-in/email", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
    duplex: "half",
  } as RequestInit);
  return { request, pulled };
}

const signIn = (body: string, headers: Record<string, string> = {}) =>
  new Request("http://localhost:3000/api/auth/sign-in/email", { method: "POST", body, headers: { "content-type": "application/json", ...headers } });

describe("handleAuthRequest", () => {
  it("cuts a chunked 450 MB sign-in body at AUTH_BODY_LIMIT: 413, Better Auth never called", async () => {
    seen.bodies = [];
    const { request, pulled } = chunkedSignIn(450 * 1024 * 1024);
    const res = await handleAuthRequest(betterAuth, request);
    expect(res.status).toBe(413);
    expect(pulled.bytes).toBeLessThanOrEqual(AUTH_BODY_LIMIT + 2 * 16 * 1024);
    expect(seen.bodies).toHaveLength(0);
  });

  it("refuses a declared length over the limit unread", async () => {
    const { request, pulled } = chunkedSignIn(450 * 1024 * 1024, { "content-length": String(450 * 1024 * 1024) });
    const res = await handleAuthRequest(betterAuth, request);
    expect(res.status).toBe(413);
    expect(pulled.bytes).toBeLessThanOrEqual(16 * 1024);
  });

  it("answers [ x 8000 + ] x 8000 with 400, never 500", async () => {
    seen.bodies = [];
    const res = await handleAuthRequest(betterAuth, signIn("[".repeat(8000) + "]".repeat(8000)));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: expect.any(String), kind: "validation" });
    expect(seen.bodies).toHaveLength(0);
  });

  it("hands Better Auth exactly the bytes it read", async () => {
    seen.bodies = [];
    const body = JSON.stringify({ email: "maria@empresa.com.br", password: "senha-çã-123" });
    const res = await handleAuthRequest(betterAuth, signIn(body, { "content-length": "3" }));
    expect(res.status).toBe(200);
    expect(seen.bodies).toEqual([body]);
  });
});
