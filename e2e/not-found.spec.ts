import { expect, test } from "@playwright/test";
import { E2E, storageStateFor } from "./env";

/** Unknown addresses get the app's own not-found page, in the reader's language, with a way back. */
const SHOTS = "test-results/shots";

test.describe("signed in", () => {
  test.use({ storageState: storageStateFor("viewer") });

  test("an unknown path: 404, the app's header, the page in English, and a way back to the overview", async ({ page }) => {
    const response = await page.goto("/no-such-page/at/all");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("banner")).toContainText("viewer@demo.test");
    await expect(page).toHaveTitle(/Page not found/);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `${SHOTS}/not-found-${width}.png`, fullPage: true });
    }
    await page.getByRole("link", { name: "Go to the overview" }).click();
    await expect(page).toHaveURL(`${E2E.appUrl}/`);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  });

  test("in Portuguese for a Portuguese reader", async ({ page, context }) => {
    await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
    const response = await page.goto("/relatorios-antigos");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    await expect(page.getByRole("heading", { level: 1, name: "Página não encontrada" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ir para a visão geral" })).toBeVisible();
  });
});

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("an unknown page under /login: the app's page, with the way to sign in", async ({ page }) => {
    const response = await page.goto("/login/no-such-step");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Página não encontrada" })).toBeVisible();
    await page.getByRole("link", { name: "Ir para a entrada" }).click();
    await expect(page).toHaveURL(`${E2E.appUrl}/login`);
  });
});
