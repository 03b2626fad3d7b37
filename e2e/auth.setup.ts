import { expect, test as setup } from "@playwright/test";
import { E2E, E2E_SLOTS, ROLES, stackFor, storageStateFor } from "./env";

// Sign in once per demo role on every stack through the real /login page; specs reuse the sessions.
for (let slot = 0; slot < E2E_SLOTS; slot++) {
  for (const role of ROLES) {
    setup(`sign in as ${role} (stack ${slot})`, async ({ browser }) => {
      const context = await browser.newContext({ baseURL: stackFor(slot).appUrl });
      const page = await context.newPage();
      await page.goto("/login");
      await page.getByLabel("Email").fill(`${role}@demo.test`);
      await page.getByLabel("Password").fill(E2E.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).not.toHaveURL(/\/login/);
      // Specs written against English words run in English; the Portuguese specs set pt-BR.
      await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: stackFor(slot).appUrl }]);
      await context.storageState({ path: storageStateFor(role, slot) });
      await context.close();
    });
  }
}
