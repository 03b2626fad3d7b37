import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { backoff, parseRetryAfter } from "./client";
import { listPayments, PaymentsApiError } from "./index";
import { resetTokenCacheForTests } from "./token";

// A scripted provider for what the sandbox cannot fake: 429/503 with Retry-After.
let server: Server;
let script: { status: number; headers?: Record<string, string> }[] = [];
let listCalls = 0;
const page = { payments: [], meta: { current_page: 1, total_pages: 1, total_items_amount: 0, total_value_cents: 0 } };

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/auth/generate_token") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ access_token: "scripted-token", token_type: "Bearer", expires_in: 1800 }));
      return;
    }
    listCalls += 1;
    const step = script.shift() ?? { status: 200 };
    res.writeHead(step.status, { "content-type": "application/json", ...step.headers });
    res.end(JSON.stringify(step.status === 200 ? page : { error: "Too many requests" }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  Object.assign(process.env, {
    PAYMENTS_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    PAYMENTS_API_CLIENT_ID: "id",
    PAYMENTS_API_CLIENT_SECRET: "secret",
    PAYMENTS_WEBHOOK_AUTHORIZATION: "Bearer x",
    AUTH_SECRET: "test-auth-secret-test-auth-secret-0001",
    PAYMENTS_API_READ_RETRIES: "2",
  });
  resetEnvForTests();
  resetTokenCacheForTests();
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  listCalls = 0;
  script = [];
});

describe("read retries", () => {
  it("waits the Retry-After of a 429 or 503, then retries", async () => {
    script = [{ status: 429, headers: { "retry-after": "0" } }, { status: 503, headers: { "retry-after": "0" } }];
    await expect(listPayments({})).resolves.toEqual(page);
    expect(listCalls).toBe(3);
  });

  it("does not wait a long Retry-After: the user gets the refusal at once", async () => {
    script = [{ status: 429, headers: { "retry-after": "120" } }];
    const err = await listPayments({}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentsApiError);
    expect(err).toMatchObject({ kind: "upstream_failure", status: 429 });
    expect(listCalls).toBe(1);
  });

  it("a 429 without Retry-After is not retried; a 4xx never is", async () => {
    script = [{ status: 429 }];
    await expect(listPayments({})).rejects.toMatchObject({ status: 429 });
    script = [{ status: 400 }];
    await expect(listPayments({})).rejects.toMatchObject({ kind: "invalid" });
    expect(listCalls).toBe(2);
  });
});

describe("backoff and Retry-After parsing", () => {
  it("grows exponentially with jitter between half and all of the step, capped at 2 s", () => {
    for (let attempt = 1; attempt <= 8; attempt++) {
      const ceiling = Math.min(2_000, 100 * 2 ** (attempt - 1));
      for (let i = 0; i < 50; i++) {
        const wait = backoff(attempt);
        expect(wait).toBeGreaterThanOrEqual(ceiling / 2);
        expect(wait).toBeLessThanOrEqual(ceiling);
      }
    }
  });

  it("reads seconds and HTTP dates", () => {
    expect(parseRetryAfter("3")).toBe(3_000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter("soon")).toBeUndefined();
    const inTwoSeconds = new Date(Date.now() + 2_000).toUTCString();
    expect(parseRetryAfter(inTwoSeconds)).toBeGreaterThan(0);
    expect(parseRetryAfter(new Date(0).toUTCString())).toBe(0);
  });
});
