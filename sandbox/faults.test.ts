import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "./server";
import { control, requestToken, sandboxClient, type SandboxClient } from "./testing";

let sb: RunningSandbox;
let api: SandboxClient;
let token: string;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, store: "memory", seedCount: 50, quiet: true, autoClock: false });
  token = await requestToken(sb.url);
  api = sandboxClient(sb.url, token);
});
afterAll(() => sb.close());
beforeEach(async () => {
  await control(sb.url, "POST", "reset");
});

let n = 0;
const body = () => ({ idempotent_id: `fault-${++n}`, value_cents: 100, pix_key_type: "email", pix_key: "x@y.com" });
const arm = (spec: Record<string, unknown>) => control(sb.url, "POST", "faults", spec);
const registerWith = (b: unknown, signal?: AbortSignal) =>
  fetch(`${sb.url}/v1/pix/payments`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(b),
    signal,
  });
const exists = async (id: string) => (await api.get(`/v1/pix/payments/${id}/idempotent_id`)).status === 200;

describe("faults", () => {
  it("500: answers Operation failed for the next N matching calls and changes nothing", async () => {
    expect((await arm({ method: "POST", path: "/v1/pix/payments", fault: "500", times: 2 })).status).toBe(201);
    for (let i = 0; i < 2; i++) {
      const b = body();
      const res = await registerWith(b);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: "Operation failed! Please try again or contact our support team" });
      expect(await exists(b.idempotent_id)).toBe(false);
    }
    expect((await registerWith(body())).status).toBe(201);
  });

  it("reset: the connection drops and nothing is stored", async () => {
    await arm({ method: "POST", path: "/v1/pix/payments", fault: "reset" });
    const b = body();
    await expect(registerWith(b)).rejects.toThrow();
    expect(await exists(b.idempotent_id)).toBe(false);
  });

  it("timeout: no answer until the client gives up, nothing stored", async () => {
    await arm({ method: "POST", path: "/v1/pix/payments", fault: "timeout" });
    const b = body();
    await expect(registerWith(b, AbortSignal.timeout(300))).rejects.toThrow();
    expect(await exists(b.idempotent_id)).toBe(false);
    // The held connection is released once the client gave up.
    for (let i = 0; i < 20 && sb.state().held_connections > 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(sb.state().held_connections).toBe(0);
  });

  it("timeout-after-commit: the registration is stored but no answer comes", async () => {
    await arm({ method: "POST", path: "/v1/pix/payments", fault: "timeout-after-commit" });
    const b = body();
    await expect(registerWith(b, AbortSignal.timeout(300))).rejects.toThrow();
    expect(await exists(b.idempotent_id)).toBe(true);
    // The client's retry with the same id finds it instead of paying twice.
    const again = await registerWith(b);
    expect(again.status).toBe(201);
    expect(sb.state().payments.registered).toBe(1);
  });

  it("500-after-commit: the registration is stored, then the answer is 500", async () => {
    await arm({ method: "POST", path: "/v1/pix/payments", fault: "500-after-commit" });
    const b = body();
    const res = await registerWith(b);
    expect([res.status, await res.json()]).toEqual([500, { error: "Operation failed! Please try again or contact our support team" }]);
    expect(await exists(b.idempotent_id)).toBe(true);
  });

  it("reset-after-commit: the registration is stored, then the connection drops", async () => {
    await arm({ method: "POST", path: "/v1/pix/payments", fault: "reset-after-commit" });
    const b = body();
    await expect(registerWith(b)).rejects.toThrow();
    expect(await exists(b.idempotent_id)).toBe(true);
  });

  it("malformed-json: 200 with a body that is not JSON", async () => {
    await arm({ method: "GET", path: "/v1/pix/payments", fault: "malformed-json" });
    const res = await fetch(`${sb.url}/v1/pix/payments`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(() => JSON.parse(text)).toThrow();
    expect((await api.get("/v1/pix/payments")).status).toBe(200);
  });

  it("delay: answers normally after the delay", async () => {
    await arm({ method: "GET", path: "/v1/webhooks/types", fault: "delay", delayMs: 300 });
    const started = Date.now();
    expect((await api.get("/v1/webhooks/types")).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("matches exact paths, globs and any method; applies to the token endpoint too", async () => {
    await arm({ method: "GET", path: "/v1/pix/payments", fault: "500" });
    expect((await api.get("/v1/pix/payments/sandbox-known-pending/idempotent_id")).status).toBe(200);
    expect((await api.get("/v1/pix/payments")).status).toBe(500);
    await arm({ path: "/v1/pix/payments/*", fault: "500" });
    expect((await api.get("/v1/pix/payments")).status).toBe(200);
    expect((await api.get("/v1/pix/payments/sandbox-known-pending/idempotent_id")).status).toBe(500);
    await arm({ method: "post", path: "/auth/generate_token", fault: "500" });
    await expect(requestToken(sb.url)).rejects.toThrow(/500/);
    await expect(requestToken(sb.url)).resolves.toMatch(/\./);
  });

  it("lists and clears armed faults; refuses bad specs", async () => {
    await arm({ method: "GET", path: "/v1/*", fault: "500", times: 5 });
    const listed = await control(sb.url, "GET", "faults");
    expect(listed.body.faults).toEqual([
      expect.objectContaining({ method: "GET", path: "/v1/*", fault: "500", remaining: 5 }),
    ]);
    expect((await control(sb.url, "DELETE", "faults")).body).toEqual({ cleared: 1 });
    expect((await api.get("/v1/webhooks/types")).status).toBe(200);
    const bad = await arm({ path: "v1/no-slash", fault: "explode" });
    expect([bad.status, bad.body]).toEqual([400, { error: "path invalid | fault not_included_in_list" }]);
  });
});

describe("internal failures", () => {
  it("answer 500 Operation failed and leave nothing half done", async () => {
    const other = await startSandbox({ port: 0, store: "memory", seedCount: 10, quiet: true, autoClock: false });
    try {
      const client = sandboxClient(other.url, await requestToken(other.url));
      other.core.store.insertPayment = async () => {
        throw new Error("disk full");
      };
      const b = body();
      const res = await client.post("/v1/pix/payments", b);
      expect([res.status, res.body]).toEqual([500, { error: "Operation failed! Please try again or contact our support team" }]);
      expect(other.state().payments.registered).toBe(0);
      expect((await client.get(`/v1/pix/payments/${b.idempotent_id}/idempotent_id`)).status).toBe(406);
      other.core.index.query = () => {
        throw new Error("boom");
      };
      const list = await client.get("/v1/pix/payments");
      expect([list.status, list.body]).toEqual([500, { error: "Operation failed! Please try again or contact our support team" }]);
    } finally {
      await other.close();
    }
  });
});

describe("control API", () => {
  it("state tells counts, balance, clock, webhooks and deliveries", async () => {
    await registerWith({ ...body(), authorized: true });
    const state = (await control(sb.url, "GET", "state")).body;
    expect(state.payments).toMatchObject({ total: 62, registered: 1, in_flight: 1 });
    expect(state.balance).toEqual({ totalCents: 100_000_000, blockedCents: 100, availableCents: 99_999_900 });
    expect(state).toHaveProperty("clock.step_ms", 10_000);
    expect(state).toHaveProperty("deliveries");
    expect(state).toHaveProperty("webhooks");
  });

  it("reset forgets registrations", async () => {
    const b = body();
    await registerWith(b);
    const res = await control(sb.url, "POST", "reset");
    expect(res.body.removed).toBe(1);
    expect(await exists(b.idempotent_id)).toBe(false);
  });

  it("is absent when control is disabled, and unknown control paths are 404", async () => {
    expect((await control(sb.url, "GET", "nothing-here")).status).toBe(404);
    const off = await startSandbox({ port: 0, store: "memory", seedCount: 0, quiet: true, control: false });
    try {
      expect((await control(off.url, "GET", "state")).status).toBe(404);
    } finally {
      await off.close();
    }
  });

  it("close() does not wait for a held connection", async () => {
    const other = await startSandbox({ port: 0, store: "memory", seedCount: 0, quiet: true });
    await control(other.url, "POST", "faults", { path: "/v1/webhooks/types", fault: "timeout" });
    const hanging = fetch(`${other.url}/v1/webhooks/types`).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await hanging).toBeInstanceOf(Error);
  });
});
