import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuth } from "@/lib/auth/auth";
import { authRequest, cookieHeader } from "@/lib/auth/test-auth";
import { setStoreForTests } from "@/lib/db";
import { authUser } from "@/lib/db/schema/auth";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { createUser } from "@/lib/db/users";
import { getEnv } from "@/lib/env";
import { POST } from "./route";

describe.each(TEST_ENGINES)("POST /api/me/locale on $name", (engine) => {
  let store: TestStore;
  let session = "";
  const email = "viewer@me-locale.test";

  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
    await createUser({ email, role: "viewer", password: "me-locale-password" }, { db: store.db });
    const res = await (await getAuth()).handler(
      authRequest("/sign-in/email", { body: { email, password: "me-locale-password" }, baseURL: getEnv().appUrl, ip: "198.18.2.1" }),
    );
    session = cookieHeader(res);
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await store?.close();
  });

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    POST(
      new Request(`${getEnv().appUrl}/api/me/locale`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: getEnv().appUrl, ...headers },
        body: JSON.stringify(body),
      }),
      { params: Promise.resolve({}) },
    );

  const storedLocale = async () =>
    (await store.db.select({ locale: authUser.locale }).from(authUser).where(eq(authUser.email, email)))[0]?.locale;

  it("stores the choice on the user and sets the NEXT_LOCALE cookie for a year, site-wide, SameSite=Lax", async () => {
    const res = await post({ locale: "en" }, { cookie: session });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ locale: "en" });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^NEXT_LOCALE=en; /);
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain(`Max-Age=${365 * 24 * 3600}`);
    expect(cookie).toContain("SameSite=Lax");
    // APP_URL is http here: a Secure cookie would never come back.
    expect(cookie).not.toContain("Secure");
    expect(await storedLocale()).toBe("en");

    expect((await post({ locale: "pt-BR" }, { cookie: session })).status).toBe(200);
    expect(await storedLocale()).toBe("pt-BR");
  });

  it("refuses a language it does not have (422, in the caller's language), and changes nothing", async () => {
    const res = await post({ locale: "fr" }, { cookie: `${session}; NEXT_LOCALE=en` });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.fields.locale).toBe("Choose Portuguese (pt-BR) or English (en)");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await storedLocale()).toBe("pt-BR");
  });

  it("needs a session (401) and a same-origin caller (403)", async () => {
    expect((await post({ locale: "en" })).status).toBe(401);
    expect((await post({ locale: "en" }, { cookie: session, origin: "https://evil.example" })).status).toBe(403);
    expect(await storedLocale()).toBe("pt-BR");
  });
});
