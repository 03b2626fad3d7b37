import { expect, type Locator, type Page } from "@playwright/test";
import { E2E } from "./env";

/**
 * Money actions ask for the password again once the last one is older than the step-up window
 * (STEP_UP_AFTER_SECONDS: 20 s on the e2e server, scripts/e2e-server.sh). Specs that approve or
 * submit without testing step-up itself click through this: the action's POST is awaited, and
 * when it answered "step_up_required" the dialog is answered and the retried POST awaited.
 */
export async function clickMoneyAction(page: Page, button: Locator, action: "approve" | "submit"): Promise<void> {
  const isAction = (url: string, method: string) => method === "POST" && new URL(url).pathname.endsWith(`/${action}`);
  const first = page.waitForResponse((r) => isAction(r.url(), r.request().method()));
  await button.click();
  const answer = await first;
  if (answer.status() !== 403 || ((await answer.json().catch(() => null)) as { kind?: string } | null)?.kind !== "step_up_required") return;
  const dialog = page.getByRole("dialog", { name: /Confirm it is you|Confirme que é você/ });
  await expect(dialog).toBeVisible();
  const retried = page.waitForResponse((r) => isAction(r.url(), r.request().method()));
  await dialog.locator('input[name="secret"]').fill(E2E.password);
  await dialog.locator('button[type="submit"]').click();
  expect((await retried).status()).toBeLessThan(400);
}
