import { z } from "zod";
import { describe, expect, it, vi } from "vitest";
import { JSON_BODY_LIMIT, MAX_JSON_DEPTH } from "./body";

// route()'s body door: limits before the session, a cut while reading, nesting, iterative scans.
const guard = vi.hoisted(() => ({ calls: 0 }));
vi.mock("@/lib/auth/guard", () => ({
  requireApiUser: vi.fn(async () => {
    guard.calls += 1;
    return { user: { id: "u1", email: "op@demo.test", name: "Op", role: "operator", twoFactorEnabled: false, needsSecondFactor: false } };
  }),
}));
const { route } = await import("./route");

const APP = "http://localhost:3000";
const handled = { calls: 0 };
const withBody = route({ name: "POST /api/test", summary: "A test route", answers: { 200: z.object({ ok: z.literal(true), body: z.object({ note: z.string() }).passthrough() }) }, permission: "register", body: z.object({ note: z.string() }).passthrough() }, async ({ body }) => {
  handled.calls += 1;
  return Response.json({ ok: true, body });
});
const withoutBody = route({ name: "POST /api/test/approve", summary: "A test route", answers: { 200: z.object({ ok: z.literal(true) }) }, permission: "approve" }, async () => {
  handled.calls += 1;
  return Response.json({ ok: true });
});

function chunked(totalBytes: number, chunk = 64 * 1024) {
  const pulled = { bytes: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= totalBytes) return controller.close();
      pulled.bytes += chunk;
      controller.enqueue(new Uint8Array(chunk).fill(0x20));
    },
  });
  return { body, pulled };
}

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request(`${APP}/api/test`, { method: "POST", body, headers: { "content-type": "application/json", origin: APP, host: "localhost:3000", ...headers }, duplex: "half" } as RequestInit);

describe("route() reads bodies with the route's limit", () => {
  it("refuses a declared Content-Length over the limit with 413 before looking at the session", async () => {
    guard.calls = 0;
    handled.calls = 0;
    const { body, pulled } = chunked(450 * 1024 * 1024);
    const res = await withBody(post(body, { "content-length": String(450 * 1024 * 1024) }), undefined);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: expect.any(String), kind: "validation" });
    expect(guard.calls).toBe(0);
    expect(pulled.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(handled.calls).toBe(0);
  });

  it("cuts a chunked 450 MB body at the limit: 413, at most one chunk read past it", async () => {
    handled.calls = 0;
    const { body, pulled } = chunked(450 * 1024 * 1024);
    const res = await withBody(post(body), undefined);
    expect(res.status).toBe(413);
    expect(pulled.bytes).toBeLessThanOrEqual(JSON_BODY_LIMIT + 2 * 64 * 1024);
    expect(handled.calls).toBe(0);
  });

  it("cuts an oversized body on a route that declares none (an approval), before its handler runs", async () => {
    handled.calls = 0;
    const { body, pulled } = chunked(450 * 1024 * 1024);
    const res = await withoutBody(post(body), undefined);
    expect(res.status).toBe(413);
    expect(pulled.bytes).toBeLessThanOrEqual(JSON_BODY_LIMIT + 2 * 64 * 1024);
    expect(handled.calls).toBe(0);
  });

  it("lets a small body through to a route that declares none", async () => {
    const res = await withoutBody(post("{}"), undefined);
    expect(res.status).toBe(200);
  });

  it("answers JSON nested 10,000 deep with 400, never 500", async () => {
    const deep = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`; // 60 kB: under the size limit
    const res = await withBody(post(deep), undefined);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(String(MAX_JSON_DEPTH));
    const brackets = await withBody(post("[".repeat(8000) + "]".repeat(8000)), undefined);
    expect(brackets.status).toBe(400);
  });

  it("accepts the deepest allowed body and still finds a NUL byte at its bottom", async () => {
    let value: unknown = "bad\u0000";
    for (let i = 0; i < MAX_JSON_DEPTH - 1; i++) value = [value];
    const res = await withBody(post(JSON.stringify({ note: "x", deep: value })), undefined);
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).fields)[0]).toMatch(/^deep\.0\.0/);
  });
});
