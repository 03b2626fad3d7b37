import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { issueServiceTokenOrAsk } from "@/lib/admin-changes/service";
import { getAuth } from "@/lib/auth/auth";
import { authRequest, callAuth, mergeCookies } from "@/lib/auth/test-auth";
import { setStoreForTests } from "@/lib/db";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { createUser } from "@/lib/db/users";
import { getEnv, resetEnvForTests } from "@/lib/env";
import { testBrowser } from "@/lib/push/testing";
import { newVapidKeys } from "@/lib/push/vapid-keys";
import { createServiceAccount } from "@/lib/service-accounts/service";

// A person's devices for Web Push: listed with the VAPID key, added (201), removed (204); what
// is not a push subscription is refused with its field; a service account's token never
// subscribes; without VAPID keys the server says push is not set up.
const { GET, POST, DELETE } = await import("./route");
const PASSWORD = "push-route-test-password";
const VAPID = newVapidKeys();

describe.each(TEST_ENGINES)("/api/me/push-subscriptions on $name", (engine) => {
  let store: TestStore;
  let ip = 0;
  const app = () => getEnv().appUrl;
  const call = (handler: typeof GET, method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    handler(
      new Request(`${app()}${path}`, { method, headers: { origin: app(), "content-type": "application/json", ...headers }, body: body === undefined ? undefined : JSON.stringify(body) }),
      undefined,
    );
  async function signedIn(email: string, role: "approver" | "viewer" = "approver"): Promise<string> {
    await createUser({ email, role, password: PASSWORD }, { db: store.db });
    const res = await callAuth(await getAuth(), authRequest("/sign-in/email", { body: { email, password: PASSWORD }, baseURL: app(), ip: `198.51.100.${++ip}` }));
    expect(res.status).toBe(200);
    return mergeCookies("", res);
  }

  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
    Object.assign(process.env, { VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey, VAPID_SUBJECT: "mailto:security@empresa.example" });
    resetEnvForTests();
  });
  afterAll(async () => {
    delete process.env.VAPID_PUBLIC_KEY;
    delete process.env.VAPID_PRIVATE_KEY;
    delete process.env.VAPID_SUBJECT;
    resetEnvForTests();
    setStoreForTests(undefined);
    await store?.close();
  });
  afterEach(() => resetEnvForTests());

  it("lists the key and the person's devices; a device is added once (its keys renewed when it subscribes again) and removed", async () => {
    const cookie = await signedIn("ana@push.test");
    const empty = await call(GET, "GET", "/api/me/push-subscriptions", { cookie });
    expect(await empty.json()).toEqual({ vapid_public_key: VAPID.publicKey, subscriptions: [] });

    const device = { endpoint: "https://fcm.googleapis.com/fcm/send/abc123", keys: testBrowser().keys, expirationTime: null };
    const added = await call(POST, "POST", "/api/me/push-subscriptions", { cookie, "user-agent": "Mozilla/5.0 (Linux; Android 14) Chrome/140" }, device);
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ subscription: { endpoint: device.endpoint, user_agent: expect.stringContaining("Android") } });
    expect((await call(POST, "POST", "/api/me/push-subscriptions", { cookie }, { ...device, keys: testBrowser().keys })).status).toBe(201);
    const listed = (await (await call(GET, "GET", "/api/me/push-subscriptions", { cookie })).json()) as { subscriptions: unknown[] };
    expect(listed.subscriptions).toHaveLength(1);

    // Someone else cannot remove it: 404, as for a device that is not there.
    const other = await signedIn("bruno@push.test");
    const path = `/api/me/push-subscriptions?endpoint=${encodeURIComponent(device.endpoint)}`;
    expect((await call(DELETE, "DELETE", path, { cookie: other })).status).toBe(404);
    const removed = await call(DELETE, "DELETE", path, { cookie });
    expect(removed.status).toBe(204);
    expect(await removed.text()).toBe("");
    expect((await call(DELETE, "DELETE", path, { cookie })).status).toBe(404);
  });

  it("refuses what is not a push subscription, with the field that is wrong", async () => {
    const cookie = await signedIn("caio@push.test");
    const keys = testBrowser().keys;
    const cases: Array<[unknown, string]> = [
      [{ endpoint: "ftp://push.example/x", keys }, "endpoint"],
      [{ endpoint: "https://push.example/x", keys: { ...keys, p256dh: "AAAA" } }, "keys.p256dh"],
      [{ endpoint: "https://push.example/x", keys: { ...keys, auth: "not base64url!" } }, "keys.auth"],
      [{ endpoint: `https://push.example/${"a".repeat(2_000)}`, keys }, "endpoint"],
      [{ endpoint: "https://push.example/x\u0000", keys }, "endpoint"],
    ];
    for (const [body, field] of cases) {
      const res = await call(POST, "POST", "/api/me/push-subscriptions", { cookie }, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(((await res.json()) as { fields: Record<string, string> }).fields).toHaveProperty([field]);
    }
  });

  it("outside sandbox mode an endpoint must be a public https host: never a loopback, a private address or a local name", async () => {
    const cookie = await signedIn("dora@push.test");
    Object.assign(process.env, { PAYMENTS_API_URL: "https://provider.example", PAYMENTS_API_CLIENT_ID: "id", PAYMENTS_API_CLIENT_SECRET: "secret", PAYMENTS_WEBHOOK_AUTHORIZATION: "Bearer x", AUTH_SECRET: getEnv().authSecret, REQUIRE_2FA: "false" });
    resetEnvForTests();
    try {
      const keys = testBrowser().keys;
      for (const endpoint of ["http://fcm.googleapis.com/fcm/send/x", "https://127.0.0.1/x", "https://[::1]/x", "https://10.0.0.5/x", "https://metadata.internal/x", "https://localhost/x"]) {
        expect((await call(POST, "POST", "/api/me/push-subscriptions", { cookie }, { endpoint, keys })).status, endpoint).toBe(422);
      }
      expect((await call(POST, "POST", "/api/me/push-subscriptions", { cookie }, { endpoint: "https://updates.push.services.mozilla.com/wpush/v2/x", keys })).status).toBe(201);
    } finally {
      for (const k of ["PAYMENTS_API_URL", "PAYMENTS_API_CLIENT_ID", "PAYMENTS_API_CLIENT_SECRET", "PAYMENTS_WEBHOOK_AUTHORIZATION", "AUTH_SECRET", "REQUIRE_2FA"]) delete process.env[k];
    }
  });

  it("a service account's token never subscribes", async () => {
    const admin = { id: "u-admin", email: "admin@push.test" };
    const account = await createServiceAccount({ db: store.db }, { name: "ERP", role: "viewer" }, admin);
    const issued = await issueServiceTokenOrAsk({ db: store.db }, account.id, {}, admin);
    if (!("applied" in issued)) throw new Error("a viewer's token waited");
    const bearer = { authorization: `Bearer ${issued.applied.value}` };
    expect((await call(GET, "GET", "/api/me/push-subscriptions", bearer)).status).toBe(403);
    expect((await call(POST, "POST", "/api/me/push-subscriptions", bearer, { endpoint: "https://push.example/x", keys: testBrowser().keys })).status).toBe(403);
  });

  it("without VAPID keys: the key is null and subscribing is refused with why", async () => {
    const cookie = await signedIn("eli@push.test");
    delete process.env.VAPID_PUBLIC_KEY;
    delete process.env.VAPID_PRIVATE_KEY;
    delete process.env.VAPID_SUBJECT;
    resetEnvForTests();
    expect(((await (await call(GET, "GET", "/api/me/push-subscriptions", { cookie })).json()) as { vapid_public_key: unknown }).vapid_public_key).toBeNull();
    const refused = await call(POST, "POST", "/api/me/push-subscriptions", { cookie }, { endpoint: "https://push.example/x", keys: testBrowser().keys });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toContain("VAPID_PUBLIC_KEY");
    Object.assign(process.env, { VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey, VAPID_SUBJECT: "mailto:security@empresa.example" });
  });
});
