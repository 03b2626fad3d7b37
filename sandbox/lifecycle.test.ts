import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { END_TO_END_RE } from "@/lib/pix";
import { planFor } from "./lifecycle";
import { startSandbox, type RunningSandbox } from "./server";
import { requestToken, sandboxClient, type SandboxClient } from "./testing";

const ANCHOR = new Date("2026-11-21T15:00:00.000Z");
let sb: RunningSandbox;
let api: SandboxClient;
beforeAll(async () => {
  sb = await startSandbox({
    port: 0,
    store: "memory",
    seedCount: 100,
    quiet: true,
    autoClock: false,
    clockStepMs: 10_000,
    now: () => ANCHOR,
  });
  api = sandboxClient(sb.url, await requestToken(sb.url));
});
afterAll(() => sb.close());
beforeEach(async () => {
  await sb.reset();
});

/** An idempotent_id whose deterministic plan is `plan`. */
function idWithPlan(plan: ReturnType<typeof planFor>, prefix: string): string {
  for (let i = 0; ; i++) if (planFor(`${prefix}-${i}`) === plan) return `${prefix}-${i}`;
}
const register = (idempotent_id: string, authorized = true, value_cents = 10_000) =>
  api.post("/v1/pix/payments", { idempotent_id, value_cents, authorized, pix_key_type: "email", pix_key: "a@b.com.br" });
const read = async (id: string) => (await api.get(`/v1/pix/payments/${encodeURIComponent(id)}/idempotent_id`)).body.payment;

describe("lifecycle of an authorized payment", () => {
  it("auto_authorization -> sent (end_to_end) -> completed (payment_date), one step each", async () => {
    const id = idWithPlan("complete", "life");
    expect((await register(id)).body.payment.status).toBe("auto_authorization");
    expect(await sb.advance(9_999)).toBe(0);
    expect((await read(id)).status).toBe("auto_authorization");
    expect(await sb.advance(1)).toBe(1);
    const sent = await read(id);
    expect(sent.status).toBe("sent");
    expect(sent.end_to_end).toMatch(END_TO_END_RE);
    expect(sent.end_to_end.slice(9, 21)).toBe("202611211500");
    expect(sent.payment_date).toBeNull();
    await sb.advance(10_000);
    const done = await read(id);
    expect(done).toMatchObject({ status: "completed", end_to_end: sent.end_to_end, cancellation_date: null });
    expect(done.registration_date).toBe("2026-11-21T12:00:00.000-03:00");
    expect(done.payment_date).toBe("2026-11-21T12:00:20.000-03:00");
    const changes = await sb.core.store.statusChanges(id);
    expect(changes.map((c) => c.status)).toEqual(["sent", "completed"]);
  });

  it("an id with 'cancel' is canceled after being sent, with date and reason", async () => {
    await register("order-cancel-1");
    await sb.advance(20_000);
    const p = await read("order-cancel-1");
    expect(p).toMatchObject({ status: "canceled", payment_date: null });
    expect(p.end_to_end).toMatch(END_TO_END_RE);
    expect(p.cancellation_date).toBe("2026-11-21T12:00:20.000-03:00");
    expect(p.cancellation_reason.length).toBeGreaterThan(5);
  });

  it("some payments are canceled before being sent: no end_to_end", async () => {
    const id = idWithPlan("cancel_before_sent", "early");
    await register(id);
    await sb.advance(10_000);
    expect(await read(id)).toMatchObject({ status: "canceled", end_to_end: null, payment_date: null });
  });

  it("a big jump runs every step due, dated when each was due", async () => {
    const id = idWithPlan("complete", "jump");
    await register(id);
    expect(await sb.advance(3_600_000)).toBe(2);
    expect((await read(id)).payment_date).toBe("2026-11-21T12:00:20.000-03:00");
  });

  it("authorization_pending stays where it is", async () => {
    await register("waiting-1", false);
    expect(await sb.settle()).toBe(0);
    await sb.advance(86_400_000);
    expect((await read("waiting-1")).status).toBe("authorization_pending");
  });

  it("settle finishes every authorized payment", async () => {
    for (let i = 0; i < 6; i++) await register(`settle-${i}`);
    const transitions = await sb.settle();
    expect(transitions).toBeGreaterThanOrEqual(6);
    for (let i = 0; i < 6; i++) expect(["completed", "canceled"]).toContain((await read(`settle-${i}`)).status);
    expect(sb.state().payments.in_flight).toBe(0);
  });

  it("a cancellation gives the money back to the balance; completion keeps it", async () => {
    await register("pay-cancel-balance", true, 30_000_000);
    await register(idWithPlan("complete", "keep"), true, 20_000_000);
    expect(sb.state().balance.availableCents).toBe(50_000_000);
    await sb.settle();
    expect(sb.state().balance).toMatchObject({ totalCents: 80_000_000, blockedCents: 0, availableCents: 80_000_000 });
  });

  it("the control API advances and settles too", async () => {
    const id = idWithPlan("complete", "ctl");
    await register(id);
    const adv = await fetch(`${sb.url}/_control/advance`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ms: 10_000 }),
    });
    expect(await adv.json()).toMatchObject({ transitions: 1 });
    const settle = await fetch(`${sb.url}/_control/settle`, { method: "POST" });
    expect(await settle.json()).toMatchObject({ transitions: 1 });
    expect((await read(id)).status).toBe("completed");
  });
});

describe("automatic clock", () => {
  it("moves payments on its own with a short step", async () => {
    const fast = await startSandbox({ port: 0, store: "memory", seedCount: 0, quiet: true, clockStepMs: 20 });
    try {
      const client = sandboxClient(fast.url, await requestToken(fast.url));
      const id = idWithPlan("complete", "auto");
      await client.post("/v1/pix/payments", { idempotent_id: id, value_cents: 100, authorized: true, pix_key_type: "phone", pix_key: "+5521987654321" });
      const deadline = Date.now() + 5_000;
      let status = "";
      while (Date.now() < deadline && status !== "completed") {
        await new Promise((r) => setTimeout(r, 25));
        status = (await client.get(`/v1/pix/payments/${id}/idempotent_id`)).body.payment.status;
      }
      expect(status).toBe("completed");
    } finally {
      await fast.close();
    }
  });
});
