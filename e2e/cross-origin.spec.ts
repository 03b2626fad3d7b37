import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { ANON_ENGLISH, expectNoLeak } from "./api-helpers";
import { E2E, storageStateFor } from "./env";
import { freshCpf } from "./register-helpers";

/** Cross-origin POSTs against the running build: refused with 403 JSON, and nothing registered. */
let anon: APIRequestContext;
test.beforeAll(async () => {
  anon = await playwrightRequest.newContext({ baseURL: E2E.appUrl, storageState: ANON_ENGLISH });
});
test.afterAll(async () => {
  await anon.dispose();
});

test.describe("cross-origin POSTs are refused", () => {
  async function registered(api: APIRequestContext): Promise<number> {
    const res = await api.get(`${E2E.sandboxUrl}/_control/state`);
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { payments: { registered: number } }).payments.registered;
  }

  test("POST /api/payments as operator from https://evil.example: 403 JSON and nothing registered", async () => {
    const operator = await playwrightRequest.newContext({ baseURL: E2E.appUrl, storageState: storageStateFor("operator") });
    try {
      const before = await registered(operator);
      const attempts: Array<Record<string, string>> = [
        { origin: "https://evil.example" },
        { origin: "null" },
        { origin: "http://localhost:3100.evil.example" },
        { "sec-fetch-site": "cross-site" },
      ];
      for (const headers of attempts) {
        const id = `e2e-csrf-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
        const res = await operator.post("/api/payments", {
          headers,
          data: {
            idempotent_id: id,
            value_cents: 1234,
            initiation_type: "dict",
            pix_key_type: "phone",
            pix_key: "(11) 91234-5678",
            receiver_name: "E2E Cross Origin",
            receiver_document: freshCpf(),
          },
        });
        const what = JSON.stringify(headers);
        expect(res.status(), what).toBe(403);
        expect(res.headers()["content-type"], what).toContain("application/problem+json");
        expect(await res.json(), what).toMatchObject({ error: "Cross-origin request refused" });
        expect((await operator.get(`/api/payments/${id}`)).status(), `${what}: not registered`).toBe(404);
      }
      expect(await registered(operator)).toBe(before);

      // The check is about the Origin, not every POST: the app's own Origin reaches validation.
      const own = await operator.post("/api/payments", { headers: { origin: E2E.appUrl }, data: {} });
      expect(own.status()).toBe(422);
      expect(await registered(operator)).toBe(before);
    } finally {
      await operator.dispose();
    }
  });

  test("POST /api/auth/sign-in/email from a foreign Origin is refused, even with the right password", async () => {
    const res = await anon.post("/api/auth/sign-in/email", {
      headers: { origin: "https://evil.example" },
      data: { email: "viewer@demo.test", password: E2E.password },
    });
    expect(res.status()).toBe(403);
    expect(res.headers()["content-type"]).toContain("application/problem+json");
    expect(res.headers()["set-cookie"] ?? "").not.toMatch(/session_token=[^;]/);
    await expectNoLeak(res, "POST /api/auth/sign-in/email from https://evil.example");
  });
});
