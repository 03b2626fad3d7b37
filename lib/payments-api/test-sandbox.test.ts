import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestToken } from "@/sandbox/testing";
import { dictBody, startTestSandbox, type TestSandbox } from "./test-sandbox";

/** The harness the engine's fault tests drive the sandbox with: holds, and counting payments per id. */
let t: TestSandbox;
let token: string;
beforeAll(async () => {
  t = await startTestSandbox({ duplicates: "allow" });
  token = await requestToken(t.sandbox.url, t.sandbox.clientId, t.sandbox.clientSecret);
});
afterAll(() => t.close());

const post = (body: unknown) =>
  fetch(`${t.sandbox.url}/v1/pix/payments`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  }).then(
    (res) => res.status,
    () => "error" as const,
  );

describe("startTestSandbox: hold() and paymentsWithId()", () => {
  it("a held registration is counted once it arrived, stored only when released", async () => {
    const held = await t.hold();
    const answer = post(dictBody("harness-held"));
    await held.arrived();
    expect(await t.paymentsWithId("harness-held")).toEqual([]);
    expect(await held.release("commit-then-500")).toBe(1);
    expect(await answer).toBe(500);
    expect(await t.paymentsWithId("harness-held")).toHaveLength(1);
  });

  it("with duplicates allow, a second send of the same id is a second payment", async () => {
    expect([await post(dictBody("harness-twice")), await post(dictBody("harness-twice"))]).toEqual([201, 201]);
    expect((await t.paymentsWithId("harness-twice")).map((p) => p.idempotent_id)).toEqual(["harness-twice", "harness-twice"]);
  });
});
