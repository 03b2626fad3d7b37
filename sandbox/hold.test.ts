import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "./server";
import { armHold, control, requestToken, type HeldFault } from "./testing";

/**
 * A real server finishes what it started: a request whose client hung up still commits. These
 * tests never wait on the clock: a hold parks the request until the test releases it, and the
 * delay fault's wait is the test's own (the `sleep` option).
 */
let sb: RunningSandbox;
let token: string;
let wakeDelayed: () => void = () => undefined;
beforeAll(async () => {
  sb = await startSandbox({
    port: 0,
    store: "memory",
    seedCount: 20,
    quiet: true,
    autoClock: false,
    sleep: () => new Promise<void>((resolve) => (wakeDelayed = resolve)),
  });
  token = await requestToken(sb.url);
});
afterAll(() => sb.close());
beforeEach(async () => {
  await control(sb.url, "POST", "reset");
});

let n = 0;
const body = () => ({ idempotent_id: `held-${++n}`, value_cents: 700, pix_key_type: "email", pix_key: "held@example.com" });
const post = (b: unknown, signal?: AbortSignal) =>
  fetch(`${sb.url}/v1/pix/payments`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(b),
    signal,
  });
const stored = (id: string) => sb.core.index.withId(id).length;

type Answer = { status: number | "error"; body: string };

/** Sends a registration that the hold parks; resolves once it is parked, with its answer to come. */
async function parked(hold: HeldFault, b: { idempotent_id: string }, signal?: AbortSignal): Promise<{ answer: Promise<Answer> }> {
  const answer = post(b, signal).then(
    async (res): Promise<Answer> => ({ status: res.status, body: await res.text() }),
    (e: unknown): Answer => ({ status: "error", body: String(e) }),
  );
  await hold.arrived();
  return { answer };
}

/** Resolves when the server sees the connection of the next registration close. */
function clientGone(): Promise<void> {
  return new Promise((resolve) =>
    sb.onRequest((req) => {
      if (req.method === "POST" && req.url === "/v1/pix/payments") req.socket.once("close", () => resolve());
    }),
  );
}

describe("hold: a request waits, unanswered and uncommitted, until the test releases it", () => {
  it("commit: processed and answered normally; the counters tell what happened", async () => {
    const hold = await armHold(sb.url);
    const b = body();
    const { answer } = await parked(hold, b);
    expect(stored(b.idempotent_id)).toBe(0);
    expect(await hold.read()).toMatchObject({ fault: "hold", matched: 1, held: 1, released: 0, remaining: 0 });
    expect(sb.state().held_requests).toBe(1);
    expect(await hold.release("commit")).toBe(1);
    expect(stored(b.idempotent_id)).toBe(1);
    const res = await answer;
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body).payment.idempotent_id).toBe(b.idempotent_id);
    expect(await hold.read()).toMatchObject({ matched: 1, held: 0, released: 1 });
  });

  it("commit after the client hung up: the payment is stored all the same", async () => {
    const hold = await armHold(sb.url);
    const b = body();
    const abort = new AbortController();
    const gone = clientGone();
    const { answer } = await parked(hold, b, abort.signal);
    abort.abort();
    expect((await answer).status).toBe("error");
    await gone;
    expect(stored(b.idempotent_id)).toBe(0);
    expect(await hold.release("commit")).toBe(1);
    expect(stored(b.idempotent_id)).toBe(1);
  });

  it("commit-then-reset: stored, and the connection drops", async () => {
    const hold = await armHold(sb.url);
    const b = body();
    const { answer } = await parked(hold, b);
    await hold.release("commit-then-reset");
    expect((await answer).status).toBe("error");
    expect(stored(b.idempotent_id)).toBe(1);
  });

  it("commit-then-500: stored, and the answer is 500 Operation failed", async () => {
    const hold = await armHold(sb.url);
    const b = body();
    const { answer } = await parked(hold, b);
    await hold.release("commit-then-500");
    expect(await answer).toEqual({ status: 500, body: JSON.stringify({ error: "Operation failed! Please try again or contact our support team" }) });
    expect(stored(b.idempotent_id)).toBe(1);
  });

  it("drop: never processed, the connection resets; the same id may then be registered", async () => {
    const hold = await armHold(sb.url);
    const b = body();
    const { answer } = await parked(hold, b);
    await hold.release("drop");
    expect((await answer).status).toBe("error");
    expect(stored(b.idempotent_id)).toBe(0);
    expect((await post(b)).status).toBe(201);
  });

  it("holds several requests (times), each counted as it arrives, released together", async () => {
    const hold = await armHold(sb.url, { times: 2 });
    const first = body();
    const second = body();
    const { answer } = await parked(hold, first);
    const other = post(second).then((r) => r.status);
    await hold.arrived(2);
    expect(await hold.read()).toMatchObject({ matched: 2, held: 2 });
    // A third request is past the hold's count: it goes through at once.
    expect((await post(body())).status).toBe(201);
    expect(await hold.release()).toBe(2);
    expect([(await answer).status, await other]).toEqual([201, 201]);
  });

  it("matches its method and path only; other calls pass", async () => {
    const hold = await armHold(sb.url);
    const read = await fetch(`${sb.url}/v1/pix/payments?page=1`, { headers: { authorization: `Bearer ${token}` } });
    expect(read.status).toBe(200);
    expect(await hold.read()).toMatchObject({ matched: 0, held: 0 });
  });

  it("clearing the faults drops what a hold parked; a wait for arrivals then fails (404: the fault is gone)", async () => {
    const hold = await armHold(sb.url, { times: 2 });
    const b = body();
    const { answer } = await parked(hold, b);
    const waiting = hold.arrived(2).then(
      () => "arrived",
      (e: unknown) => String(e),
    );
    expect((await control(sb.url, "DELETE", "faults")).body).toEqual({ cleared: 1 });
    expect((await answer).status).toBe("error");
    expect(await waiting).toMatch(/HTTP 404/);
    expect(stored(b.idempotent_id)).toBe(0);
  });

  it("refuses an unknown release mode and an unknown fault", async () => {
    const hold = await armHold(sb.url);
    const bad = await control(sb.url, "POST", `faults/${hold.id}/release`, { mode: "later" });
    expect([bad.status, bad.body]).toEqual([400, { error: "mode must be one of commit, commit-then-reset, commit-then-500, drop" }]);
    expect((await control(sb.url, "GET", "faults/999")).status).toBe(404);
    expect((await control(sb.url, "POST", "faults/999/release", {})).status).toBe(404);
  });
});

describe("delay: the request is finished after its delay, even when its client has gone", () => {
  it("commits a delayed registration whose client hung up during the delay", async () => {
    const armed = await control(sb.url, "POST", "faults", { method: "POST", path: "/v1/pix/payments", fault: "delay", delayMs: 20_000 });
    const id = armed.body.fault.id as number;
    const b = body();
    const abort = new AbortController();
    const gone = clientGone();
    const answer = post(b, abort.signal).catch((e: unknown) => e);
    await control(sb.url, "GET", `faults/${id}?arrived=1`);
    abort.abort();
    expect(await answer).toBeInstanceOf(Error);
    await gone;
    expect(stored(b.idempotent_id)).toBe(0);
    const committed = new Promise<void>((resolve) => {
      const insert = sb.core.store.insertPayment.bind(sb.core.store);
      sb.core.store.insertPayment = async (p) => {
        await insert(p);
        sb.core.store.insertPayment = insert;
        resolve();
      };
    });
    wakeDelayed();
    await committed;
    expect(stored(b.idempotent_id)).toBe(1);
  });
});
