import { describe, expect, it, vi } from "vitest";
import "@/lib/zod-config";
import { z } from "zod";
import { answerWith } from "./answer";
import { answerParsedBy } from "./answer-schema";
import { apiGet, apiPost, ApiRequestError, messageForStatus } from "./api-client";

const schema = answerParsedBy(z.object({ n: z.number() }));
const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  vi.fn(async () => new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers }));

async function failure(p: Promise<unknown>): Promise<ApiRequestError> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(ApiRequestError);
  return err as ApiRequestError;
}

describe("api-client", () => {
  it("parses a success with the schema and sends same-origin JSON", async () => {
    const fetch = answer(200, { n: 1, extra: true });
    await expect(apiGet("/api/x", schema, { fetch })).resolves.toEqual({ n: 1 });
    const post = answer(201, { n: 2 });
    await expect(apiPost("/api/x", { a: 1 }, schema, { fetch: post })).resolves.toEqual({ n: 2 });
    const [, init] = post.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe("POST");
    expect(init.body).toBe('{"a":1}');
    expect(init.credentials).toBe("same-origin");
  });

  it("throws the server's words with fields and kind", async () => {
    const fetch = answer(422, { error: "Enter a payment id", fields: { idempotent_id: "Enter a payment id" }, kind: "validation" });
    const err = await failure(apiPost("/api/payments", {}, schema, { fetch }));
    expect(err).toMatchObject({ status: 422, message: "Enter a payment id", kind: "validation", fields: { idempotent_id: "Enter a payment id" } });
    const conflict = await failure(apiPost("/api/transfers", {}, schema, { fetch: answer(409, { error: "em uso", kind: "conflict_body" }) }));
    expect(conflict).toMatchObject({ status: 409, kind: "conflict_body", message: "em uso" });
  });

  it("gives a human message when the error body is not ours (HTML page, empty)", async () => {
    const err = await failure(apiGet("/api/x", schema, { fetch: answer(504, "<html>Gateway Timeout</html>", { "x-request-id": "req-123456" }) }));
    expect(err.message).toBe(messageForStatus(504));
    expect(err.requestId).toBe("req-123456");
    // Outside a browser the words are the default language's (pt-BR); in one, <html lang>'s.
    expect((await failure(apiGet("/api/x", schema, { fetch: answer(401, "") }))).message).toBe("Sua sessão terminou. Entre de novo.");
    expect(messageForStatus(401, "en")).toMatch(/sign in/i);
    expect(messageForStatus(504, "en")).not.toBe(messageForStatus(504, "pt-BR"));
  });

  it("reports a network failure and an unreadable success distinctly", async () => {
    const offline = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await failure(apiGet("/api/x", schema, { fetch: offline }))).toMatchObject({ status: 0, kind: "network" });
    expect(await failure(apiGet("/api/x", schema, { fetch: answer(200, { n: "one" }) }))).toMatchObject({ status: 200, kind: "malformed" });
  });

  it("reads a page's answer by its members: the right kinds pass whole, anything else is malformed", async () => {
    const read = answerWith<{ payments: unknown[]; meta: { total_pages: number } }>({ payments: "array", meta: "object" });
    const page = { payments: [{ idempotent_id: "p-1" }], meta: { total_pages: 1 } };
    await expect(apiGet("/api/payments", read, { fetch: answer(200, page) })).resolves.toEqual(page);
    for (const body of [{ payments: {}, meta: {} }, { payments: [] }, [], "<html>ok</html>", null]) {
      expect(await failure(apiGet("/api/payments", read, { fetch: answer(200, body) }))).toMatchObject({ kind: "malformed" });
    }
  });

  it("lets an abort through untouched (TanStack Query cancels queries)", async () => {
    const aborted = vi.fn(async () => {
      throw new DOMException("aborted", "AbortError");
    });
    await expect(apiGet("/api/x", schema, { fetch: aborted })).rejects.toMatchObject({ name: "AbortError" });
  });
});
