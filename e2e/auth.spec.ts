import { request as httpRequest } from "node:http";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { E2E, ROLES, storageStateFor } from "./env";
import { expectHydrated } from "./hydrated";

/**
 * Sign-in through the real /login page in fresh browser contexts (no stored sessions):
 * Portuguese by default, every demo account, the way back to the page first asked for, no open
 * redirect, one generic message for every wrong email or password, the failed-attempt limit,
 * sign-out killing the session on the server, and the session cookie's flags. Past the first
 * test the pages are read in English (the NEXT_LOCALE cookie, as a user's choice sets it).
 *
 * Better Auth also limits /sign-in/email per client address (30 in a row without a minute's
 * pause, shared by the whole run), so this file signs in only as often as it must.
 */
test.use({ storageState: { cookies: [], origins: [] } });

const SHOTS = "test-results/shots";
const GENERIC_FAILURE = "Email or password is incorrect";
const THROTTLED = /^Too many failed sign-in attempts\. Try again in \d+ seconds\.$/;
const ROLE_LABELS = {
  viewer: "Viewer (finance)",
  support: "Support",
  operator: "Operator",
  approver: "Approver",
  admin: "Admin",
} as const;
const SESSION_COOKIE = /^(__Secure-)?pix\.session_token$/;

async function inEnglish(context: BrowserContext) {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: E2E.appUrl }]);
}

/** Fills and submits the /login form already on screen (in English). */
async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Submits a sign-in that must fail and returns what the server answered and what the form says. */
async function failedSignIn(page: Page, email: string, password: string) {
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-in/email") && r.request().method() === "POST");
  await submitSignIn(page, email, password);
  const res = await answer;
  const alert = page.locator("#sign-in-error");
  await expect(alert).not.toBeEmpty();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
  return { status: res.status(), body: await res.text(), message: (await alert.innerText()).trim() };
}

async function sessionCookies(context: BrowserContext) {
  return (await context.cookies(E2E.appUrl)).filter((c) => SESSION_COOKIE.test(c.name));
}

test.describe("the sign-in page in Portuguese by default", () => {
  test("a browser with no language cookie gets Entrar, E-mail, Senha, every demo account, and signs in", async ({ page }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    await expect(page.getByRole("heading", { level: 1, name: "Entrar" })).toBeVisible();
    const demo = page.getByRole("complementary", { name: "Modo sandbox: contas de demonstração" });
    for (const email of ["viewer", "support", "operator", "approver", "approver2", "admin", "admin2"].map((r) => `${r}@demo.test`)) {
      await expect(demo.getByText(email, { exact: true })).toBeVisible();
    }
    await expect(demo).toContainText("approver2@demo.test – Aprovador");
    // A hint that reads as one: the password itself, no doubled brackets.
    await expect(demo.getByTestId("demo-password")).toHaveText(`Senha de demonstração: ${E2E.password}`);
    await expect(demo).not.toContainText("((");
    // The tab shows the back office's icon.
    const icon = await page.locator('head link[rel="icon"]').first().getAttribute("href");
    const served = await page.request.get(icon ?? "/missing-icon");
    expect([served.status(), served.headers()["content-type"]]).toEqual([200, "image/svg+xml"]);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/auth-login-pt-${width}.png`, fullPage: true });
    }
    await page.getByLabel("E-mail").fill("viewer@demo.test");
    await page.getByLabel("Senha").fill("not-the-password");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.locator("#sign-in-error")).toHaveText("E-mail ou senha incorretos");
    await page.getByLabel("Senha").fill(E2E.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page).toHaveURL(`${E2E.appUrl}/`);
    await expect(page.getByRole("heading", { level: 1, name: "Visão geral" })).toBeVisible();
  });
});

test.describe("signing in", () => {
  test.beforeEach(async ({ context }) => inEnglish(context));

  for (const role of ROLES) {
    test(`${role}@demo.test signs in through /login and gets an HttpOnly, SameSite=Lax session cookie`, async ({ page, context }) => {
      await page.goto("/login");
      await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
      expect(await sessionCookies(context)).toHaveLength(0);
      await submitSignIn(page, `${role}@demo.test`, E2E.password);

      await expect(page).toHaveURL(`${E2E.appUrl}/`);
      await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
      const header = page.getByRole("banner");
      await expect(header).toContainText(`${role}@demo.test`);
      await expect(header).toContainText(ROLE_LABELS[role]);

      const cookies = await sessionCookies(context);
      expect(cookies).toHaveLength(1);
      const [cookie] = cookies;
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.sameSite).toBe("Lax");
      // Served over plain http here, so not Secure (it is Secure whenever APP_URL is https).
      expect(cookie?.secure).toBe(false);
      // Every cookie the app sets is out of reach of page scripts.
      for (const c of await context.cookies(E2E.appUrl)) {
        if (c.name.startsWith("pix.")) expect(c.httpOnly, `${c.name} is HttpOnly`).toBe(true);
      }
      expect(await page.evaluate(() => document.cookie)).not.toContain("session_token");
    });
  }

  test("a signed-out visitor of /payments?status=completed signs in and comes back to exactly that page", async ({ page }) => {
    await page.goto("/payments?status=completed");
    await expect(page).toHaveURL(`${E2E.appUrl}/login?next=${encodeURIComponent("/payments?status=completed")}`);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await submitSignIn(page, "viewer@demo.test", E2E.password);

    await expect(page).toHaveURL(`${E2E.appUrl}/payments?status=completed`);
    await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  });

  for (const next of ["https://evil.example", "//evil.example"]) {
    test(`/login?next=${next} never leaves the site: after sign-in the user is on /`, async ({ page }) => {
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await submitSignIn(page, "viewer@demo.test", E2E.password);
      await expect(page).toHaveURL(`${E2E.appUrl}/`);
      await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

      // Signed in already, /login sends straight on to `next`: still not off-site.
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await expect(page).toHaveURL(`${E2E.appUrl}/`);
    });
  }
});

test.describe("failed sign-in", () => {
  test.beforeEach(async ({ context }) => inEnglish(context));
  test("a wrong password and an unknown email get the same generic message and the same answer", async ({ page }) => {
    await page.goto("/login");
    const wrongPassword = await failedSignIn(page, "support@demo.test", "not-the-password");
    const unknownEmail = await failedSignIn(page, `nobody-${Date.now().toString(36)}@demo.test`, "not-the-password");

    expect(wrongPassword.message).toBe(GENERIC_FAILURE);
    expect(unknownEmail.message).toBe(GENERIC_FAILURE);
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    // The same answer but for its own request id (each request has one, for support to find its log line).
    const withoutRequestId = (body: string) => ({ ...(JSON.parse(body) as Record<string, unknown>), request_id: undefined });
    expect(withoutRequestId(unknownEmail.body)).toEqual(withoutRequestId(wrongPassword.body));
    await expect(page).toHaveURL(/\/login$/);
    await page.screenshot({ path: `${SHOTS}/auth-failed-sign-in.png` });
  });

  test("after 5 wrong passwords for one email the form says to wait, even for the right password", async ({ page }) => {
    // A dedicated address, new on every run: the limiter counts per (client address, email), so
    // nobody else is throttled, and a rerun against a reused server starts from zero.
    const email = `nobody-${Date.now().toString(36)}@demo.test`;
    await page.goto("/login");
    for (let attempt = 1; attempt <= 5; attempt++) {
      const failure = await failedSignIn(page, email, `wrong-${attempt}`);
      expect(failure.status, `attempt ${attempt}`).toBe(401);
      expect(failure.message, `attempt ${attempt}`).toBe(GENERIC_FAILURE);
    }
    const throttled = await failedSignIn(page, email, E2E.password);
    expect(throttled.status).toBe(429);
    expect(throttled.message).toMatch(THROTTLED);
    await expect(page.locator("#sign-in-error")).toHaveText(THROTTLED);
    await expect(page).toHaveURL(/\/login$/);
    await page.screenshot({ path: `${SHOTS}/auth-throttled.png` });
  });
});

test.describe("signing out", () => {
  test.beforeEach(async ({ context }) => inEnglish(context));
  test("sign-out returns to /login and the old session cookie no longer opens /payments", async ({ page, context, browser }) => {
    await page.goto("/login?next=%2Fpayments");
    await submitSignIn(page, "operator@demo.test", E2E.password);
    await expect(page).toHaveURL(`${E2E.appUrl}/payments`);
    const oldCookies = await sessionCookies(context);
    expect(oldCookies).toHaveLength(1);
    await expectHydrated(page);

    const signOut = page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-out") && r.request().method() === "POST");
    await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
    const answer = await signOut;
    expect(answer.status()).toBe(200);
    const sent = (await answer.request().allHeaders())["cookie"] ?? "";
    expect(sent, "the sign-out request carries the session").toContain(`${oldCookies[0]?.name}=${oldCookies[0]?.value}`);
    await expect(page).toHaveURL(`${E2E.appUrl}/login`);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    expect(await sessionCookies(context)).toHaveLength(0);

    // Someone who kept a copy of the cookie: the session is gone on the server too, at once (the
    // guard's short session memo included: it once kept an old cookie working for seconds).
    const replay = await browser.newContext({ storageState: { cookies: oldCookies, origins: [] } });
    await inEnglish(replay);
    try {
      const stale = await replay.newPage();
      await stale.goto("/payments");
      await expect(stale).toHaveURL(`${E2E.appUrl}/login?next=${encodeURIComponent("/payments")}`);
      const api = await stale.request.get("/api/payments");
      expect(api.status()).toBe(401);
      expect(await api.json()).toMatchObject({ error: "Sign in required", kind: "unauthenticated", status: 401 });
    } finally {
      await replay.close();
    }
  });
});

type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/**
 * A sign-in POST over a real socket bound to `from` (any 127.x.y.z is this machine), straight to
 * the e2e server, with whatever extra headers a client likes to forge.
 */
function signInFrom(from: string, email: string, password: string, forged: Record<string, string> = {}): Promise<RawAnswer> {
  const app = new URL(E2E.appUrl);
  const body = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: Number(app.port),
        localAddress: from,
        method: "POST",
        path: "/api/auth/sign-in/email",
        headers: { host: app.host, origin: E2E.appUrl, "content-type": "application/json", "content-length": Buffer.byteLength(body), ...forged },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** A loopback address of its own for each run (a reused server keeps its counters). */
function loopback(): string {
  const byte = () => 2 + Math.floor(Math.random() * 250);
  return `127.${byte()}.${byte()}.${byte()}`;
}

test.describe("client addresses (real sockets from several loopback addresses)", () => {
  test("a guesser forging X-Forwarded-For is throttled at its own address; the real user signs in from another", async ({ browser }) => {
    const guesser = loopback();
    const user = loopback();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const forged = { "x-forwarded-for": `198.51.100.${attempt}`, "x-real-ip": `198.51.100.${attempt}`, "x-forwarded-host": "evil.example" };
      const answer = await signInFrom(guesser, "viewer@demo.test", `wrong-${attempt}`, forged);
      expect(answer.status, `attempt ${attempt}`).toBe(401);
    }
    // The sixth guess, with yet another forged address and even the right password: refused.
    const refused = await signInFrom(guesser, "viewer@demo.test", E2E.password, { "x-forwarded-for": "203.0.113.99" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);

    // The account is not locked for everyone: its owner, from their own address, gets in.
    const owner = await signInFrom(user, "viewer@demo.test", E2E.password);
    expect(owner.status).toBe(200);
    expect(String(owner.headers["set-cookie"] ?? "")).toMatch(/pix\.session_token=/);

    // The audit log names the address the server saw, never the forged ones.
    const admin = await browser.newContext({ storageState: storageStateFor("admin") });
    try {
      const page = await admin.request.get("/api/audit?action=auth.sign_in_failed&pageSize=50");
      expect(page.status()).toBe(200);
      const { entries } = (await page.json()) as { entries: Array<{ ip: string | null; outcome: string; detail: { email?: string } }> };
      const mine = entries.filter((e) => e.ip === guesser);
      expect(mine.map((e) => e.outcome)).toEqual(expect.arrayContaining(["invalid_credentials", "throttled"]));
      expect(entries.some((e) => e.ip?.startsWith("198.51.100.") || e.ip === "203.0.113.99")).toBe(false);
      const signIns = await admin.request.get("/api/audit?action=auth.sign_in&pageSize=50");
      const owned = ((await signIns.json()) as { entries: Array<{ ip: string | null }> }).entries;
      expect(owned.some((e) => e.ip === user)).toBe(true);
    } finally {
      await admin.close();
    }
  });
});
