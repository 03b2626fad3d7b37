import { expect, test as setup } from "@playwright/test";
import { ACCOUNTS, E2E, E2E_SLOTS, stackFor, storageStateFor } from "./env";

// Sign in once per demo account on every stack through the real /login page; specs reuse the
// sessions. Specs written against English words run in English (the cookie is set first, so the
// sign-in page is English too); the Portuguese specs set pt-BR themselves.
for (let slot = 0; slot < E2E_SLOTS; slot++) {
  for (const role of ACCOUNTS) {
    setup(`sign in as ${role} (stack ${slot})`, async ({ browser }) => {
      const context = await browser.newContext({ baseURL: stackFor(slot).appUrl });
      await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: stackFor(slot).appUrl }]);
      const page = await context.newPage();
      await page.goto("/login");
      await page.getByLabel("Email").fill(`${role}@demo.test`);
      await page.getByLabel("Password").fill(E2E.password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page).not.toHaveURL(/\/login/);
      await context.storageState({ path: storageStateFor(role, slot) });
      await context.close();
    });
  }
}
