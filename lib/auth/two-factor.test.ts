import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listAudit } from "@/lib/db/audit";
import { authUser } from "@/lib/db/schema/auth";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { createUser } from "@/lib/db/users";
import { auditStoreDown, auditStoreUp, authRequest, callAuth, createTestAuth, mergeCookies, signIn, totpNow, type TestAuth } from "./test-auth";

const PASSWORD = "a-good-long-password";

describe.each(TEST_ENGINES)("second factor on $name", (engine) => {
  let store: TestStore;
  let auth: TestAuth;
  beforeAll(async () => {
    store = await engine.open();
    auth = createTestAuth(store.db);
  });
  afterAll(async () => {
    await store?.close();
  });

  // Better Auth allows 3 calls to /two-factor/* per 10 s from one address: each test has its own.
  let address = 0;
  const nextIp = () => `198.51.100.${100 + (address++ % 150)}`;
  const post = async (path: string, jar: string, body: unknown, ip = nextIp()) => {
    const response = await callAuth(auth, authRequest(path, { body, cookie: jar || undefined, ip }));
    return { response, jar: mergeCookies(jar, response), json: (await response.clone().json().catch(() => null)) as Record<string, unknown> | null };
  };
  const sessionOf = (jar: string) => auth.api.getSession({ headers: new Headers({ cookie: jar }) });

  /** Signs in with the password and enrols an authenticator; returns its otpauth:// URI and backup codes. */
  async function enrol(email: string, role: "operator" | "viewer" = "operator") {
    await createUser({ email, role, password: PASSWORD }, { db: store.db });
    const signedIn = mergeCookies("", await signIn(auth, email, PASSWORD, nextIp()));
    const started = await post("/two-factor/enable", signedIn, { password: PASSWORD });
    expect(started.response.status).toBe(200);
    const totpURI = String(started.json?.totpURI);
    const backupCodes = started.json?.backupCodes as string[];
    const confirmed = await post("/two-factor/verify-totp", started.jar, { code: await totpNow(totpURI) });
    expect(confirmed.response.status).toBe(200);
    return { totpURI, backupCodes, jar: confirmed.jar };
  }

  it("enrols: the first code turns it on, and the enrolment is audited", async () => {
    const { jar } = await enrol("ana@example.com");
    const rows = await store.db.select().from(authUser).where(eq(authUser.email, "ana@example.com"));
    expect(rows[0]?.twoFactorEnabled).toBe(true);
    expect((await sessionOf(jar))?.user.email).toBe("ana@example.com");
    const audit = await listAudit({ action: "auth.two_factor_enable" }, store.db);
    expect(audit.entries[0]).toMatchObject({ actorEmail: "ana@example.com", outcome: "success" });
  });

  it("once enrolled, the password alone opens nothing: a code is asked; a wrong code opens nothing and is audited", async () => {
    const password = await post("/sign-in/email", "", { email: "ana@example.com", password: PASSWORD });
    expect(password.response.status).toBe(200);
    expect(password.json).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(await sessionOf(password.jar)).toBeNull();
    const wrong = await post("/two-factor/verify-totp", password.jar, { code: "000000" });
    expect(wrong.response.status).toBe(401);
    const failed = await listAudit({ action: "auth.sign_in_failed" }, store.db);
    expect(failed.entries[0]).toMatchObject({ target: "ana@example.com", outcome: "invalid_code" });
  });

  // The URI of an enrolled user is not readable back without the password: keep it from enrol().
  const enrolled = new Map<string, { totpURI: string; backupCodes: string[] }>();
  async function enrolment(email: string) {
    const known = enrolled.get(email);
    if (known) return known;
    const made = await enrol(email);
    enrolled.set(email, made);
    return made;
  }

  it("signs in with the code; a trusted-device cookie is never granted", async () => {
    const { totpURI } = await enrolment("bia@example.com");
    const password = await post("/sign-in/email", "", { email: "bia@example.com", password: PASSWORD });
    const code = await post("/two-factor/verify-totp", password.jar, { code: await totpNow(totpURI), trustDevice: true });
    expect(code.response.status).toBe(200);
    expect((await sessionOf(code.jar))?.user.email).toBe("bia@example.com");
    expect(code.response.headers.getSetCookie().some((c) => c.includes("trust_device") && !/max-age=0/i.test(c))).toBe(false);
    const signIns = await listAudit({ action: "auth.sign_in", actor: "bia@example.com" }, store.db);
    expect(signIns.entries.map((e) => [e.outcome, e.detail.method])).toEqual(
      expect.arrayContaining([
        ["success", "totp"],
        ["code_required", undefined],
      ]),
    );
    // The next sign-in from the same browser asks for a code again.
    const again = await post("/sign-in/email", code.jar, { email: "bia@example.com", password: PASSWORD });
    expect(again.json).toMatchObject({ twoFactorRedirect: true });
  });

  it("a backup code works once", async () => {
    const { backupCodes } = await enrolment("caio@example.com");
    const first = await post("/sign-in/email", "", { email: "caio@example.com", password: PASSWORD });
    const used = await post("/two-factor/verify-backup-code", first.jar, { code: backupCodes[0] });
    expect(used.response.status).toBe(200);
    expect((await sessionOf(used.jar))?.user.email).toBe("caio@example.com");
    const second = await post("/sign-in/email", "", { email: "caio@example.com", password: PASSWORD });
    const reused = await post("/two-factor/verify-backup-code", second.jar, { code: backupCodes[0] });
    expect(reused.response.status).toBe(401);
  });

  it("sets the user's language cookie when they sign in", async () => {
    await createUser({ email: "dani@example.com", role: "viewer", password: PASSWORD }, { db: store.db });
    await store.db.update(authUser).set({ locale: "en" }).where(eq(authUser.email, "dani@example.com"));
    const response = await signIn(auth, "dani@example.com", PASSWORD, "198.51.100.61");
    expect(response.headers.getSetCookie().find((c) => c.startsWith("NEXT_LOCALE="))).toMatch(/^NEXT_LOCALE=en;.*Path=\//);
  });

  it("with the audit store down, an enrolment does not take effect", async () => {
    await createUser({ email: "edu@example.com", role: "operator", password: PASSWORD }, { db: store.db });
    const signedIn = mergeCookies("", await signIn(auth, "edu@example.com", PASSWORD, nextIp()));
    const started = await post("/two-factor/enable", signedIn, { password: PASSWORD });
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await auditStoreDown(store.db);
    try {
      const confirmed = await post("/two-factor/verify-totp", started.jar, { code: await totpNow(String(started.json?.totpURI)) });
      expect(confirmed.response.status).toBe(503);
      expect(confirmed.json).toMatchObject({ code: "AUDIT_UNAVAILABLE" });
    } finally {
      await auditStoreUp(store.db);
      spy.mockRestore();
    }
    const rows = await store.db.select().from(authUser).where(eq(authUser.email, "edu@example.com"));
    expect(rows[0]?.twoFactorEnabled).toBe(false);
    const password = await post("/sign-in/email", "", { email: "edu@example.com", password: PASSWORD });
    expect(password.json).not.toMatchObject({ twoFactorRedirect: true });
  });

  it("turning it off needs the password and is audited, before and after", async () => {
    const { jar } = await enrol("fabi@example.com", "viewer");
    const wrong = await post("/two-factor/disable", jar, { password: "not-the-password" });
    expect(wrong.response.status).toBe(400);
    const off = await post("/two-factor/disable", jar, { password: PASSWORD });
    expect(off.response.status).toBe(200);
    const audit = await listAudit({ action: "auth.two_factor_disable", actor: "fabi@example.com" }, store.db);
    expect(audit.entries.map((e) => e.outcome)).toEqual(["success", "attempt", "refused", "attempt"]);
  });
});
