import { z } from "zod";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "@/lib/env";
import { setStoreForTests } from "@/lib/db";
import { listAudit } from "@/lib/db/audit";
import { authPasskey } from "@/lib/db/schema/devices";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { createUser } from "@/lib/db/users";
import { jsonOk, route } from "@/lib/http";
import { getAuth } from "./auth";
import { passkeyRpId } from "./passkeys";
import { setStepUpClockForTests } from "./step-up";
import { assertion, testAuthenticator, type TestAuthenticator } from "./test-authenticator";
import { authRequest, callAuth, mergeCookies } from "./test-auth";

// Step-up with a passkey: once a person holds one, a money route asks for it ("passkey"), the
// assertion must answer this session's challenge with the user verified, once; the password alone
// no longer does.
const PASSWORD = "passkey-step-up-password";
const { POST: STEP_UP } = await import("@/app/api/me/step-up/route");
const { POST: OPTIONS } = await import("@/app/api/me/step-up/passkey-options/route");
const WINDOW_MS = 5 * 60_000;

const approve = route({ name: "POST /api/test/approve", summary: "A test route", answers: { 200: z.object({ approved: z.literal(true) }) }, permission: "approve", stepUp: true }, async () =>
  jsonOk({ approved: true }),
);

describe.each(TEST_ENGINES)("passkey step-up on $name", (engine) => {
  let store: TestStore;
  let ip = 0;
  const app = () => getEnv().appUrl;
  const rpID = () => passkeyRpId(app());

  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await store?.close();
  });
  afterEach(() => setStepUpClockForTests(undefined));

  async function signedInWithPasskey(email: string): Promise<{ cookie: string; key: TestAuthenticator; userId: string }> {
    const user = await createUser({ email, role: "approver", password: PASSWORD }, { db: store.db });
    const key = testAuthenticator();
    await store.db.insert(authPasskey).values({
      id: `pk-${key.credentialId}`,
      userId: user.id,
      credentialID: key.credentialId,
      publicKey: key.publicKeyCose.toString("base64"),
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
      name: "Chrome · Android",
    });
    const res = await callAuth(await getAuth(), authRequest("/sign-in/email", { body: { email, password: PASSWORD }, baseURL: app(), ip: `203.0.113.${++ip}` }));
    expect(res.status).toBe(200);
    return { cookie: mergeCookies("", res), key, userId: user.id };
  }
  const post = (handler: typeof approve, path: string, cookie: string, body: unknown = {}) =>
    handler(new Request(`${app()}${path}`, { method: "POST", headers: { cookie, origin: app(), "content-type": "application/json" }, body: JSON.stringify(body) }), undefined);
  const challenge = async (cookie: string) => {
    const res = await post(OPTIONS, "/api/me/step-up/passkey-options", cookie);
    expect(res.status).toBe(200);
    const options = (await res.json()) as { challenge: string; userVerification: string; allowCredentials: Array<{ id: string }> };
    expect(options.userVerification).toBe("required");
    return options;
  };

  it("after 5 minutes a money route asks for the passkey; the fingerprint's assertion opens 5 more minutes, audited; no password typed", async () => {
    const { cookie, key } = await signedInWithPasskey("bia@passkey.test");
    setStepUpClockForTests(() => new Date(Date.now() + WINDOW_MS + 1_000));
    const asked = await post(approve, "/api/test/approve", cookie);
    expect(asked.status).toBe(403);
    expect(await asked.json()).toMatchObject({ kind: "step_up_required", step_up: "passkey" });

    const options = await challenge(cookie);
    expect(options.allowCredentials.map((c) => c.id)).toEqual([key.credentialId]);
    const answer = assertion(key, { challenge: options.challenge, origin: app(), rpID: rpID() });
    expect((await post(STEP_UP, "/api/me/step-up", cookie, { passkey: answer })).status).toBe(200);
    expect((await post(approve, "/api/test/approve", cookie)).status).toBe(200);
    const [row] = await store.db.select().from(authPasskey).where(eq(authPasskey.credentialID, key.credentialId));
    expect(row?.counter).toBe(1);
    const audit = await listAudit({ action: "auth.step_up" }, store.db);
    expect(audit.entries.find((e) => e.target === "bia@passkey.test")).toMatchObject({ outcome: "success", detail: { method: "passkey" } });

    // The same assertion again: its challenge was used up.
    setStepUpClockForTests(() => new Date(Date.now() + 2 * WINDOW_MS));
    expect((await post(STEP_UP, "/api/me/step-up", cookie, { passkey: answer })).status).toBe(403);
  });

  it("refuses an assertion without user verification, one made for another origin, and the password alone", async () => {
    const { cookie, key } = await signedInWithPasskey("caio@passkey.test");
    setStepUpClockForTests(() => new Date(Date.now() + WINDOW_MS + 1_000));
    const unverified = assertion(key, { challenge: (await challenge(cookie)).challenge, origin: app(), rpID: rpID(), userVerified: false });
    const refused = await post(STEP_UP, "/api/me/step-up", cookie, { passkey: unverified });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ kind: "step_up_failed", fields: { passkey: expect.any(String) } });

    const elsewhere = assertion(key, { challenge: (await challenge(cookie)).challenge, origin: "https://phishing.example", rpID: rpID() });
    expect((await post(STEP_UP, "/api/me/step-up", cookie, { passkey: elsewhere })).status).toBe(403);

    const typed = await post(STEP_UP, "/api/me/step-up", cookie, { password: PASSWORD });
    expect(typed.status).toBe(422);
    expect((await post(approve, "/api/test/approve", cookie)).status).toBe(403);
  });

  it("refuses another person's passkey on this session", async () => {
    const mine = await signedInWithPasskey("dora@passkey.test");
    const theirs = await signedInWithPasskey("eli@passkey.test");
    setStepUpClockForTests(() => new Date(Date.now() + WINDOW_MS + 1_000));
    const stolen = assertion(theirs.key, { challenge: (await challenge(mine.cookie)).challenge, origin: app(), rpID: rpID() });
    expect((await post(STEP_UP, "/api/me/step-up", mine.cookie, { passkey: stolen })).status).toBe(403);
  });
});
