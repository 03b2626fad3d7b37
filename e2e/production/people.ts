import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { totp } from "../totp";
import type { Stack } from "./stack";

/**
 * The people of the production run, each in a browser of their own (English: the selectors
 * read like the screens): one-time link, password (saving it signs them in), the second factor
 * their role must have. Each keeps their authenticator's secret to sign in again.
 */
export type Person = { email: string; password: string; context: BrowserContext; page: Page; totpURI: string };

export async function browserFor(browser: Browser, stack: Stack): Promise<{ context: BrowserContext; page: Page }> {
  // The certificate is the one the test made: a browser would ask once; this one is told.
  const context = await browser.newContext({ baseURL: stack.appUrl, ignoreHTTPSErrors: true });
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: stack.appUrl }]);
  return { context, page: await context.newPage() };
}

/**
 * Opens a one-time link and chooses a password: saving it signs the person in (their role must
 * have a second factor, so they land on the security page to set it up).
 */
export async function setPassword(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose your password" })).toBeVisible();
  await page.getByLabel("New password").fill(password);
  await page.getByLabel("Repeat the password").fill(password);
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page).toHaveURL(/\/settings\/security$/);
}

/**
 * Signed in without a second factor, a role that must have one may only set it up: every page
 * leads to the security page. Enrols an authenticator (the code computed here) and returns its URI.
 */
export async function enrolSecondFactor(page: Page, password: string): Promise<string> {
  await expect(page).toHaveURL(/\/settings\/security$/);
  await page.goto("/payments");
  await expect(page).toHaveURL(/\/settings\/security\?next=%2Fpayments$/);
  await expect(page.getByText(/must use two-step verification\. Set it up to continue\./)).toBeVisible();
  await page.getByRole("button", { name: "Set up two-step verification" }).click();
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Set up two-step verification" }).click();
  const key = page.getByTestId("totp-key");
  await expect(key).toBeVisible();
  const totpURI = (await key.getAttribute("data-uri")) ?? "";
  await page.getByLabel("6-digit code").fill(totp(totpURI));
  await page.getByRole("button", { name: "Turn on two-step verification" }).click();
  await expect(page.getByText("Two-step verification is on. From now on, signing in asks for a code from your app.")).toBeVisible();
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  return totpURI;
}

/** A new colleague's first day: link, password (which signs them in), second factor. */
export async function firstDay(browser: Browser, stack: Stack, email: string, link: string): Promise<Person> {
  const password = `${email.split("@")[0]}-passphrase-2026`;
  const { context, page } = await browserFor(browser, stack);
  await setPassword(page, link, password);
  const totpURI = await enrolSecondFactor(page, password);
  return { email, password, context, page, totpURI };
}
