import { defineConfig } from "@playwright/test";
import baseConfig from "./playwright.config";

/**
 * The production run (e2e/production/): the back office started as a company starts it, by the
 * specs themselves (e2e/production/stack.ts), not by the webServer of playwright.config.ts. Run
 * after `next build`, with TEST_DATABASE_URL set (`source scripts/pg-test.sh`); npm test does both.
 */
export default defineConfig({
  testDir: "./e2e/production",
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 240_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  outputDir: "test-results/production",
  use: { ...baseConfig.use, baseURL: undefined, viewport: { width: 1280, height: 860 } },
});
