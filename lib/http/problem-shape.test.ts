import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { PROBLEM_KINDS, problemSchema } from "@/lib/domain/errors";
import { resetEnvForTests } from "@/lib/env";
import { ApiError } from "./api-error";
import { methodNotAllowed } from "./method-gate";
import { route } from "./route";

/**
 * Every error answer is one RFC 9457 problem (application/problem+json with type, title, status,
 * detail, error in the caller's language, kind from PROBLEM_KINDS, request_id) whichever layer
 * refuses: input parsing, the origin check, a lib refusal, the audit log down, the method gate.
 * Elsewhere: an unknown address (app/api/[...unknown]/route.test.ts), the guard's 401/403
 * (lib/auth/guard.test.ts), 429 with its headers (app/api/receipts/verify/route.test.ts), the
 * sign-in layer (lib/auth/sign-in.test.ts).
 */
afterEach(() => resetEnvForTests());

const echo = route(
  { name: "POST /api/echo", summary: "test", permission: "public", query: z.object({ n: z.coerce.number().int().optional() }), body: z.object({ value_cents: z.number().int().positive("validation.amount.positive") }), answers: { 200: z.object({ ok: z.boolean() }) } },
  async ({ body }) => {
    if (body.value_cents === 409) throw new ApiError("conflict_body", "transfers.errors.idTaken", { idempotent_id: "abc" });
    if (body.value_cents === 503) throw Object.assign(new Error("audit down"), { name: "AuditUnavailableError" });
    return Response.json({ ok: true });
  },
);

const post = (query: string, body: unknown, headers: Record<string, string> = {}) =>
  echo(new Request(`http://localhost:3000/api/echo${query}`, { method: "POST", headers: { "content-type": "application/json", origin: "http://localhost:3000", ...headers }, body: JSON.stringify(body) }), { params: Promise.resolve({}) });

async function expectProblem(response: Response, status: number, kind: string): Promise<Record<string, unknown>> {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  const body = (await response.json()) as Record<string, unknown>;
  expect(problemSchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
  expect(body).toMatchObject({ status, kind, type: `tag:pix-backoffice,2026:problem:${kind}` });
  expect(body.detail).toBe(body.error);
  expect(PROBLEM_KINDS).toContain(body.kind);
  expect(body.request_id).toBe(response.headers.get("x-request-id"));
  return body;
}

describe("one problem shape for every refusal", () => {
  it("400 for a query it cannot read, naming the field", async () => {
    const body = await expectProblem(await post("?n=abc", { value_cents: 1 }), 400, "validation");
    expect(body.title).toBe("Bad Request");
    expect(body.fields).toHaveProperty("n");
  });

  it("400 for an unknown query parameter, naming it", async () => {
    const body = await expectProblem(await post("?stat=paid", { value_cents: 1 }), 400, "validation");
    expect(body.fields).toHaveProperty("stat");
  });

  it("422 for a body it refuses, in the caller's language", async () => {
    const pt = await expectProblem(await post("", { value_cents: -1 }), 422, "validation");
    expect(pt.fields).toHaveProperty("value_cents");
    const en = await expectProblem(await post("", { value_cents: -1 }, { cookie: "NEXT_LOCALE=en" }), 422, "validation");
    expect(pt.error).toBe("O valor deve ser maior que R$ 0,00");
    expect(en.error).toBe("The amount must be more than R$ 0,00");
  });

  it("403 for a call from another site", async () => {
    await expectProblem(await post("", { value_cents: 1 }, { origin: "https://evil.example" }), 403, "origin");
  });

  it("409 for a lib refusal (ApiError), its message translated", async () => {
    const body = await expectProblem(await post("", { value_cents: 409 }), 409, "conflict_body");
    expect(body.error).toMatch(/abc/);
  });

  it("503 when the audit log cannot be written", async () => {
    await expectProblem(await post("", { value_cents: 503 }), 503, "audit_unavailable");
  });

  it("405 from the method gate, before Next.js: Allow, a request id, the problem", () => {
    const answer = methodNotAllowed("TRACE", ["GET", "HEAD"], "NEXT_LOCALE=en", "req-12345678");
    expect(answer.headers["content-type"]).toBe("application/problem+json");
    expect(answer.headers.allow).toBe("GET, HEAD");
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    expect(problemSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ status: 405, kind: "method_not_allowed", title: "Method Not Allowed", request_id: "req-12345678" });
  });
});
