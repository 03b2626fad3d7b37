import { expect, type Page } from "@playwright/test";

/**
 * The server-rendered page is visible before React attaches its handlers: a click or Ctrl+K in
 * that window does nothing, as it would for a person on a slow machine. Steps that press keys or
 * click buttons with client logic right after a load wait for the app's hydration marker.
 */
export async function expectHydrated(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}
