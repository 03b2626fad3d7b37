import { expect, test } from "@playwright/test";
import { E2E } from "./env";

/**
 * A form used before the page's scripts have run: its submit button (SubmitButton) waits for them,
 * so the browser never submits it its own way, a GET carrying every field in the address. Signs in
 * once (Better Auth limits sign-ins per client address for the whole run: see auth.spec.ts).
 */
test.use({ storageState: { cookies: [], origins: [] } });

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: E2E.appUrl }]);
});

test("a sign-in typed before the page is live never puts the password in the address: the button waits, then signs in", async ({ page }) => {
  // The page's scripts are held until the form is filled and Enter pressed: the window a slow phone has.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith("/_next/static/") && url.pathname.endsWith(".js"),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  const addresses: string[] = [];
  page.on("request", (r) => {
    if (r.isNavigationRequest()) addresses.push(r.url());
  });
  await page.goto("/login?next=%2Fpayments", { waitUntil: "commit" });
  await page.getByLabel("Email").fill("viewer@demo.test");
  await page.getByLabel("Password").fill(E2E.password);
  const button = page.getByRole("button", { name: "Sign in", exact: true });
  await expect(button).toBeDisabled();
  // Before: Enter sent GET /login?email=...&password=... and the sign-in was lost.
  await page.getByLabel("Password").press("Enter");
  release();
  await button.click();
  await expect(page).toHaveURL(`${E2E.appUrl}/payments`);
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  expect(addresses.filter((a) => /password|email=/.test(a))).toEqual([]);
});
