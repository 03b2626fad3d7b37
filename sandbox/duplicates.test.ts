import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "./server";
import { armHold, listAllPages, paymentsWithId, requestToken, sandboxClient, type SandboxClient } from "./testing";

/**
 * A repeated idempotent_id: the documentation is silent. "merge" (the default) is the sandbox's
 * own choice; "allow" plays the worst the documentation allows, so a double send shows up as a
 * double payment where a test can count it.
 */
const dict = (id: string, over: Record<string, unknown> = {}) => ({
  idempotent_id: id,
  value_cents: 2_500,
  authorized: true,
  pix_key_type: "email",
  pix_key: "dup@example.com",
  receiver_name: "Fornecedor Repetido Ltda",
  receiver_document: "11222333000181",
  ...over,
});

describe('duplicates "merge" (default)', () => {
  let sb: RunningSandbox;
  let api: SandboxClient;
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, store: "memory", seedCount: 20, quiet: true, autoClock: false });
    api = sandboxClient(sb.url, await requestToken(sb.url));
  });
  afterAll(() => sb.close());

  it("answers a repeat with the first payment: one payment with that id", async () => {
    const first = await api.post("/v1/pix/payments", dict("merge-1"));
    const again = await api.post("/v1/pix/payments", dict("merge-1"));
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.payment.reference_code).toBe(first.body.payment.reference_code);
    expect((await paymentsWithId(sb.url, "merge-1")).map((p) => p.reference_code)).toEqual([first.body.payment.reference_code]);
    expect(sb.state()).toMatchObject({ duplicates: "merge", balance: { blockedCents: 2_500 } });
  });
});

describe('duplicates "allow": every repeat is another payment', () => {
  let sb: RunningSandbox;
  let api: SandboxClient;
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, store: "memory", seedCount: 20, quiet: true, autoClock: false, duplicates: "allow" });
    api = sandboxClient(sb.url, await requestToken(sb.url));
  });
  afterAll(() => sb.close());
  beforeEach(async () => {
    await sb.reset();
  });

  it("a repeat creates a second payment; reads by id answer the first; the control API lists both", async () => {
    const first = await api.post("/v1/pix/payments", dict("allow-1"));
    const second = await api.post("/v1/pix/payments", dict("allow-1", { value_cents: 9_900 }));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.payment.reference_code).not.toBe(first.body.payment.reference_code);
    const read = await api.get("/v1/pix/payments/allow-1/idempotent_id");
    expect(read.body.payment.reference_code).toBe(first.body.payment.reference_code);
    const byRef = await api.get(`/v1/pix/payments/${second.body.payment.reference_code}`);
    expect(byRef.body.payment).toMatchObject({ idempotent_id: "allow-1", value_cents: 9_900 });
    const both = await paymentsWithId(sb.url, "allow-1");
    expect(both.map((p) => [p.reference_code, p.value_cents])).toEqual([
      [first.body.payment.reference_code, 2_500],
      [second.body.payment.reference_code, 9_900],
    ]);
    expect((await paymentsWithId(sb.url, "never-sent")).length).toBe(0);
    // Both draw on the balance, both are listed, both move on with their own end_to_end.
    expect(sb.state()).toMatchObject({ duplicates: "allow", balance: { blockedCents: 12_400 }, payments: { registered: 2 } });
    expect((await listAllPages(api, "receiver_name=Repetido")).rows).toHaveLength(2);
    await sb.settle();
    const settled = await paymentsWithId(sb.url, "allow-1");
    expect(new Set(settled.map((p) => p.end_to_end)).size).toBe(2);
  });

  it("a seeded id repeated is a second payment too", async () => {
    const res = await api.post("/v1/pix/payments", dict("sandbox-known-pending"));
    expect(res.status).toBe(201);
    expect((await paymentsWithId(sb.url, "sandbox-known-pending")).map((p) => p.status)).toEqual(["authorization_pending", "auto_authorization"]);
  });

  it("the double send: a first POST held past its client's patience, a second one, then the first commits", async () => {
    const hold = await armHold(sb.url);
    const token = await requestToken(sb.url);
    const abort = new AbortController();
    const firstPost = fetch(`${sb.url}/v1/pix/payments`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(dict("allow-race")),
      signal: abort.signal,
    }).catch((e: unknown) => e);
    await hold.arrived();
    abort.abort(); // the client gave up; the provider still has the request
    expect(await firstPost).toBeInstanceOf(Error);
    expect((await api.get("/v1/pix/payments/allow-race/idempotent_id")).status).toBe(406); // a read-back finds nothing yet
    expect((await api.post("/v1/pix/payments", dict("allow-race"))).status).toBe(201); // the second send
    await hold.release("commit");
    expect(await paymentsWithId(sb.url, "allow-race")).toHaveLength(2);
  });
});
