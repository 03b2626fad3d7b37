import { defineConfig, devices } from "@playwright/test";
import { E2E, E2E_SLOTS, stackFor } from "./e2e/env";

/**
 * e2e runs against the production build (`next build` first) on the embedded sandbox, in
 * Debian's Chromium (browsers cannot be downloaded here). One server + sandbox per worker
 * (e2e/env.ts): spec files run in parallel, each worker on a stack of its own, so one worker's
 * faults, clock steps and new payments never show in another's pages. This config is evaluated
 * in each worker too, where TEST_PARALLEL_INDEX picks the stack behind `baseURL`.
 */
export default defineConfig({
  testDir: "./e2e",
  // The production run starts its own processes: playwright.production.config.ts.
  testIgnore: "production/**",
  fullyParallel: true,
  workers: E2E_SLOTS,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: E2E.appUrl,
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    // The back office's service worker only matters to e2e/phone.spec.ts (which allows it): kept
    // out of the other specs, where it would only stand between the page and page.route().
    serviceWorkers: "block",
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 860 } },
      dependencies: ["setup"],
    },
  ],
  webServer: Array.from({ length: E2E_SLOTS }, (_, slot) => {
    const stack = stackFor(slot);
    return {
      command: "bash scripts/e2e-server.sh",
      env: { E2E_APP_PORT: String(stack.appPort), E2E_SANDBOX_PORT: String(stack.sandboxPort) },
      url: `${stack.appUrl}/api/health`,
      timeout: 180_000,
      reuseExistingServer: !process.env.CI,
      stdout: "pipe" as const,
      stderr: "pipe" as const,
    };
  }),
});
