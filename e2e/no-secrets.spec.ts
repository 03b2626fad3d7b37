import { existsSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { parseEnv } from "../lib/env";
import { findSecretsInDir, secretNeedles } from "../lib/http/secret-scan";
import { E2E, storageStateFor } from "./env";

// The credentials the e2e server runs with (sandbox mode defaults on the e2e ports).
const needles = secretNeedles(parseEnv({ SANDBOX_PORT: String(E2E.sandboxPort), PORT: String(E2E.appPort) }));

test.describe("no provider credential reaches the browser", () => {
  test.use({ storageState: storageStateFor("operator") });

  test("the built browser assets carry none", async () => {
    expect(existsSync(".next/static"), "the production build must exist before e2e").toBe(true);
    expect(await findSecretsInDir(".next/static", needles)).toEqual([]);
  });

  test("no page HTML, API answer body or header carries one", async ({ page, request }) => {
    const seen: string[] = [];
    page.on("response", async (response) => {
      const headers = JSON.stringify(await response.allHeaders());
      const body = response.request().resourceType() === "eventsource" ? "" : await response.text().catch(() => "");
      seen.push(headers, body);
    });
    for (const path of ["/", "/payments", "/payments/new"]) {
      // Not "networkidle": the live-updates EventSource stays open on every signed-in page.
      await page.goto(path);
      await expect(page.locator("main h1").first()).toBeVisible();
    }
    for (const path of ["/api/payments", "/api/health", "/api/insights"]) {
      const response = await request.get(path);
      seen.push(JSON.stringify(response.headers()), await response.text());
    }
    const text = seen.join("\n");
    expect(text.length).toBeGreaterThan(10_000);
    for (const needle of needles) expect(text.includes(needle), `found ${needle.slice(0, 4)}…`).toBe(false);
  });
});
