import type { Page } from "@playwright/test";
import { E2E } from "./env";

/**
 * Money actions ask for the password again once the last one is older than the step-up window
 * (STEP_UP_AFTER_SECONDS: 20 s on the e2e server, scripts/e2e-server.sh). Specs that approve or
 * submit without testing step-up itself answer the dialog whenever it shows, in either language.
 */
export async function answerStepUps(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog", { name: /Confirm it is you|Confirme que é você/ });
  await page.addLocatorHandler(dialog, async () => {
    await dialog.locator('input[name="secret"]').fill(E2E.password);
    await dialog.locator('button[type="submit"]').click();
  });
}
