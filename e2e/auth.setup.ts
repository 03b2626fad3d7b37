import { expect, test as setup } from "@playwright/test";
import { ROLES, E2E, storageStateFor } from "./env";

// Sign in once per demo role through the real /login page; specs reuse the sessions.
for (const role of ROLES) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(`${role}@demo.test`);
    await page.getByLabel("Password").fill(E2E.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.context().storageState({ path: storageStateFor(role) });
  });
}
