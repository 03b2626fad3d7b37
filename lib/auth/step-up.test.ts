import { z } from "zod";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "@/lib/env";
import { setStoreForTests } from "@/lib/db";
import { listAudit } from "@/lib/db/audit";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { createUser } from "@/lib/db/users";
import { jsonOk, route } from "@/lib/http";
import { getAuth } from "./auth";
import { MAX_STEP_UP_FAILURES, setStepUpClockForTests } from "./step-up";
import { authRequest, callAuth, mergeCookies, totpNow } from "./test-auth";

// Step-up for money: a route declared with `stepUp: true` asks again for the password (or the
// code) once the last proof is older than 5 minutes; POST /api/me/step-up records a new one.
const PASSWORD = "step-up-test-password";
const { POST: STEP_UP } = await import("@/app/api/me/step-up/route");

const moved = { approvals: 0 };
const approve = route({ name: "POST /api/test/approve", summary: "A test route", answers: { 200: z.object({ approved: z.literal(true) }) }, permission: "approve", stepUp: true }, async () => {
  moved.approvals += 1;
  return jsonOk({ approved: true });
});

describe.each(TEST_ENGINES)("step-up on $name", (engine) => {
  let store: TestStore;
  let ip = 0;
  const app = () => getEnv().appUrl;
  const later = (ms: number) => setStepUpClockForTests(() => new Date(Date.now() + ms));
  // The default window (STEP_UP_AFTER_SECONDS unset): 5 minutes.
  const STEP_UP_WINDOW_MS = 5 * 60_000;

  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await store?.close();
  });
  afterEach(() => setStepUpClockForTests(undefined));

  async function signedIn(email: string): Promise<string> {
    await createUser({ email, role: "approver", password: PASSWORD }, { db: store.db });
    const res = await callAuth(await getAuth(), authRequest("/sign-in/email", { body: { email, password: PASSWORD }, baseURL: app(), ip: `203.0.113.${++ip}` }));
    expect(res.status).toBe(200);
    return mergeCookies("", res);
  }
  const post = (handler: typeof approve | typeof STEP_UP, path: string, cookie: string, body: unknown = {}) =>
    handler(new Request(`${app()}${path}`, { method: "POST", headers: { cookie, origin: app(), "content-type": "application/json" }, body: JSON.stringify(body) }), undefined);

  it("defaults to 5 minutes", () => {
    expect(getEnv().stepUpAfterSeconds * 1000).toBe(STEP_UP_WINDOW_MS);
  });

  it("lets money move right after sign-in, asks again after 5 minutes, and the password opens 5 more", async () => {
    const cookie = await signedIn("ana@stepup.test");
    moved.approvals = 0;
    expect((await post(approve, "/api/test/approve", cookie)).status).toBe(200);

    later(STEP_UP_WINDOW_MS + 1_000);
    const asked = await post(approve, "/api/test/approve", cookie);
    expect(asked.status).toBe(403);
    expect(await asked.json()).toMatchObject({ kind: "step_up_required", step_up: "password", error: expect.stringMatching(/senha: a última confirmação foi há mais de 5 minutos/) });
    expect(moved.approvals).toBe(1);

    const wrong = await post(STEP_UP, "/api/me/step-up", cookie, { password: "not-it" });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ kind: "step_up_failed", fields: { password: expect.any(String) } });
    expect((await post(approve, "/api/test/approve", cookie)).status).toBe(403);

    const right = await post(STEP_UP, "/api/me/step-up", cookie, { password: PASSWORD });
    expect(right.status).toBe(200);
    expect((await post(approve, "/api/test/approve", cookie)).status).toBe(200);
    expect(moved.approvals).toBe(2);

    later(2 * STEP_UP_WINDOW_MS + 2_000);
    expect((await post(approve, "/api/test/approve", cookie)).status).toBe(403);
    const audit = await listAudit({ action: "auth.step_up" }, store.db);
    expect(audit.entries.map((e) => e.outcome).sort()).toEqual(["success", "wrong"]);
  });

  it(`ends the session after ${MAX_STEP_UP_FAILURES} wrong answers in a row`, async () => {
    const cookie = await signedIn("bia@stepup.test");
    later(STEP_UP_WINDOW_MS + 1_000);
    for (let i = 1; i < MAX_STEP_UP_FAILURES; i++) expect((await post(STEP_UP, "/api/me/step-up", cookie, { password: `wrong-${i}` })).status).toBe(403);
    const last = await post(STEP_UP, "/api/me/step-up", cookie, { password: "wrong-last" });
    expect(last.status).toBe(401);
    expect((await post(approve, "/api/test/approve", cookie)).status).toBe(401);
  });

  it("asks an enrolled user for the authenticator code, not the password", async () => {
    let jar = await signedIn("caio@stepup.test");
    const auth = await getAuth();
    const call = async (path: string, body: unknown) => {
      const res = await callAuth(auth, authRequest(path, { body, cookie: jar, baseURL: app(), ip: `203.0.113.${++ip}` }));
      jar = mergeCookies(jar, res);
      return res;
    };
    const started = await call("/two-factor/enable", { password: PASSWORD });
    const totpURI = String(((await started.json()) as { totpURI: string }).totpURI);
    expect((await call("/two-factor/verify-totp", { code: await totpNow(totpURI) })).status).toBe(200);

    later(STEP_UP_WINDOW_MS + 1_000);
    const asked = await post(approve, "/api/test/approve", jar);
    expect(await asked.json()).toMatchObject({ kind: "step_up_required", step_up: "code" });
    expect((await post(STEP_UP, "/api/me/step-up", jar, { password: PASSWORD })).status).toBe(422);
    expect((await post(STEP_UP, "/api/me/step-up", jar, { code: await totpNow(totpURI) })).status).toBe(200);
    expect((await post(approve, "/api/test/approve", jar)).status).toBe(200);
  });
});
