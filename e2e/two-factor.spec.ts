import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { E2E, storageStateFor } from "./env";
import { totp } from "./totp";

/**
 * Two-step sign-in, end to end in the browser: a new operator (made through /api/users, password
 * set from the one-time link) enrols an authenticator on the security page, then signs in with
 * the password and a code computed here (e2e/totp.ts), then with a backup code. Once enrolled,
 * the password alone opens nothing.
 */
test.use({ storageState: { cookies: [], origins: [] } });

const SHOTS = "test-results/shots";
const PASSWORD = "two-factor-e2e-password";

async function english(context: BrowserContext) {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: E2E.appUrl }]);
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies(E2E.appUrl)).find((c) => /pix\.session_token$/.test(c.name));
}

test("an operator enrols an authenticator, then signs in with a code and with a backup code", async ({ browser }) => {
  test.setTimeout(90_000);
  // The account: made by an admin, its password set from the one-time link.
  const email = `two-factor-${Date.now().toString(36)}@demo.test`;
  const admin = await browser.newContext({ storageState: storageStateFor("admin") });
  // An operator account waits for a second admin: admin2 confirms it and gets the one-time link.
  const made = await admin.request.post("/api/users", { headers: { origin: E2E.appUrl }, data: { email, role: "operator", name: "Two Factor" } });
  expect(made.status()).toBe(202);
  const pendingId = ((await made.json()) as { pending_change: { id: string } }).pending_change.id;
  const admin2 = await browser.newContext({ storageState: storageStateFor("admin2") });
  const confirmed = await admin2.request.post(`/api/admin/pending-changes/${pendingId}/confirm`, { headers: { origin: E2E.appUrl } });
  expect(confirmed.status()).toBe(200);
  const token = new URL(((await confirmed.json()) as { set_password_url: string }).set_password_url).searchParams.get("token") ?? "";
  await admin2.close();
  const set = await admin.request.post("/api/auth/reset-password", { headers: { origin: E2E.appUrl }, data: { newPassword: PASSWORD, token } });
  expect(set.status()).toBe(200);
  await admin.close();

  const context = await browser.newContext();
  await english(context);
  const page = await context.newPage();
  await signInWithPassword(page, email);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  // Enrolment on the user's own security page.
  await page.goto("/settings/security");
  await expect(page.getByText("Two-step verification is off: your password alone opens your account.")).toBeVisible();
  await page.getByRole("button", { name: "Set up two-step verification" }).click();
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Set up two-step verification" }).click();
  const key = page.getByTestId("totp-key");
  await expect(key).toBeVisible();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const totpURI = (await key.getAttribute("data-uri")) ?? "";
  expect(totpURI).toMatch(/^otpauth:\/\/totp\/Pix%20back%20office:/);
  const backupCodes = await page.locator("[data-backup-code]").allInnerTexts();
  expect(backupCodes).toHaveLength(10);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.screenshot({ path: `${SHOTS}/two-factor-setup-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.getByLabel("6-digit code").fill(totp(totpURI));
  await page.getByRole("button", { name: "Turn on two-step verification" }).click();
  await expect(page.getByText("Two-step verification is on. From now on, signing in asks for a code from your app.")).toBeVisible();
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  // Signed out, the password alone opens nothing: the form asks for a code, no session yet.
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${E2E.appUrl}/login`);
  await signInWithPassword(page, email);
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
  expect(await sessionCookie(context)).toBeUndefined();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/two-factor-code-step-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.locator("#code-error")).toHaveText("That code is not right. Check the app and try again.");
  expect(await sessionCookie(context)).toBeUndefined();
  await page.getByLabel("Authentication code").fill(totp(totpURI));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  expect(await sessionCookie(context)).toBeDefined();

  // A backup code instead of the app, once.
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${E2E.appUrl}/login`);
  await signInWithPassword(page, email);
  await page.getByRole("button", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[0] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  // The security page now says it is on.
  await page.goto("/settings/security");
  await expect(page.getByText("Two-step verification is on: signing in asks for a code from your app.")).toBeVisible();
  await context.close();
});
