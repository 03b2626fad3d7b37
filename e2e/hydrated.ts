import { expect, type Page } from "@playwright/test";

/**
 * The server-rendered page is visible before React attaches its handlers: a click or Ctrl+K in
 * that window does nothing, as it would for a person on a slow machine. Steps that press keys or
 * click buttons with client logic right after a load wait for the app's hydration marker.
 *
 * Up to 30 s: on a loaded two-core machine the first hydration of /payments once took more than
 * the 10 s default (the page was right, only late).
 */
export async function expectHydrated(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 30_000 });
}
