import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { PaymentsApiError } from "@/lib/payments-api/errors";
import { recordUpstreamCall } from "./request-context";
import { withRoute } from "./with-route";

let lines: { stream: "out" | "err"; entry: Record<string, unknown> }[] = [];
beforeEach(() => {
  process.env.LOG_LEVEL = "info";
  resetEnvForTests();
  lines = [];
  const capture = (stream: "out" | "err") => (chunk: string | Uint8Array) => {
    for (const line of String(chunk).split("\n").filter(Boolean)) lines.push({ stream, entry: JSON.parse(line) as Record<string, unknown> });
    return true;
  };
  vi.spyOn(process.stdout, "write").mockImplementation(capture("out"));
  vi.spyOn(process.stderr, "write").mockImplementation(capture("err"));
});
afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.LOG_LEVEL;
  resetEnvForTests();
});

const request = (headers: Record<string, string> = {}) =>
  new Request("http://localhost:3000/api/payments?receiver_document=39053344705", {
    headers: { authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln", cookie: "pix.session_token=abc", ...headers },
  });

const useLevel = (level: string) => {
  process.env.LOG_LEVEL = level;
  resetEnvForTests();
};

describe("withRoute", () => {
  it("at LOG_LEVEL=debug, writes one JSON line per request with route, status, durations and request id; no query, no credentials", async () => {
    useLevel("debug");
    const handler = withRoute("GET /api/payments", async () => {
      recordUpstreamCall(12.34);
      return Response.json({ ok: true });
    });
    const res = await handler(request({ "x-request-id": "lb-request-000001" }), undefined);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBe("lb-request-000001");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      stream: "out",
      entry: { level: "debug", msg: "request", route: "GET /api/payments", method: "GET", path: "/api/payments", status: 200, upstream_ms: 12.3, upstream_calls: 1, request_id: "lb-request-000001" },
    });
    expect(typeof lines[0]!.entry.duration_ms).toBe("number");
    const text = JSON.stringify(lines);
    for (const secret of ["eyJhbGciOiJIUzI1NiJ9", "pix.session_token", "39053344705"]) expect(text).not.toContain(secret);
  });

  it("an unexpected throw is a 500 JSON without the stack; the stack goes to the server log only", async () => {
    const handler = withRoute("GET /boom", async () => {
      throw new Error("kaboom with Bearer abc.def.ghi");
    });
    const res = await handler(request(), undefined);
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ error: expect.stringMatching(/^Algo deu errado do nosso lado/), kind: "internal", request_id: expect.any(String) });
    expect(JSON.stringify(body)).not.toMatch(/kaboom|at .*\.ts/);
    expect(lines).toHaveLength(1);
    const entry = lines[0]!.entry as { level: string; error: { stack: string; message: string } };
    expect(lines[0]!.stream).toBe("err");
    expect(entry.level).toBe("error");
    expect(entry.error.stack).toContain("with-route.test.ts");
    expect(entry.error.message).not.toContain("abc.def.ghi");
  });

  it("a client's 4xx is not a warning: a payment without a QR code (the provider's 406) logs nothing at the default level", async () => {
    const handler = withRoute("GET /api/qrcodes/[end_to_end]", async () => {
      throw new PaymentsApiError("Qrcode not found.", { kind: "not_found", status: 406, providerMessage: "Qrcode not found.", operation: "getQrcode" });
    });
    const res = await handler(request(), undefined);
    expect(res.status).toBe(404);
    expect(lines).toEqual([]);
    const refused = await withRoute("GET /api/transfers", async () => Response.json({ error: "no" }, { status: 403 }))(request(), undefined);
    expect(refused.status).toBe(403);
    expect(lines).toEqual([]);
  });

  it("at LOG_LEVEL=debug the 404 is a debug line with the provider error's kind, without a stack", async () => {
    useLevel("debug");
    const handler = withRoute("GET /api/qrcodes/[end_to_end]", async () => {
      throw new PaymentsApiError("Qrcode not found.", { kind: "not_found", status: 406, providerMessage: "Qrcode not found.", operation: "getQrcode" });
    });
    await handler(request(), undefined);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ stream: "out", entry: { level: "debug", status: 404, error: { kind: "not_found", upstream_status: 406 } } });
    expect(JSON.stringify(lines[0])).not.toContain("stack");
  });

  it("makes up a request id when the incoming one is not plausible", async () => {
    const res = await withRoute("x", async () => new Response(null, { status: 204 }))(request({ "x-request-id": "bad id\r\n" }), undefined);
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
