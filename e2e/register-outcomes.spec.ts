import { expect, test } from "@playwright/test";
import { asOperatorOnResetSandbox, BLOCKED_DOCUMENT, SHOTS, completingId, control, fillByKey, registeredCount, review, reviewedId, sandboxState, uniqueName } from "./register-helpers";

/**
 * What the provider answers to a registration, as the operator sees it: 403 and 400 messages
 * next to the form, unknown outcomes resolved by reading back (exactly one or zero payments),
 * and 422 once the balance is drained.
 */
// These tests count this stack's payments (and drain its balance): serially, from a reset sandbox.
asOperatorOnResetSandbox();

test("403 blocked receiver: the provider's message next to the form, values kept", async ({ page }) => {
  const name = uniqueName("blocked");
  await fillByKey(page, { amount: "99,90", name, document: BLOCKED_DOCUMENT });
  await review(page);
  const before = await registeredCount(page.request);
  await page.getByRole("button", { name: "Confirm transfer" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Receiver not allowed" })).toBeVisible();
  await expect(page.getByLabel("Amount")).toHaveValue("99,90");
  await expect(page.getByLabel("Receiver name")).toHaveValue(name);
  await expect(page.getByLabel("Receiver document")).toHaveValue(BLOCKED_DOCUMENT);
  await page.screenshot({ path: `${SHOTS}/register-403-light.png`, fullPage: true });
  expect(await registeredCount(page.request)).toBe(before);
});

test("a 400 from the provider is shown next to the form (answer simulated in the browser)", async ({ page }) => {
  // Our schema refuses everything the sandbox answers 400 for, and the server reads an id back
  // before sending it, so no real request reaches a provider 400: the route's answer is stubbed.
  await page.route("**/api/payments", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 400, json: { error: "pix_key invalid | receiver_name required", kind: "invalid" } })
      : route.continue(),
  );
  await fillByKey(page, { amount: "5", name: uniqueName("400") });
  await review(page);
  await page.getByRole("button", { name: "Confirm transfer" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "pix_key invalid | receiver_name required" })).toBeVisible();
  await expect(page.getByLabel("Amount")).toHaveValue("5");
});

test("timeout after commit: read back and reported registered, exactly one payment", async ({ page }) => {
  await fillByKey(page, { amount: "77,00", name: uniqueName("late") });
  await review(page);
  const id = await reviewedId(page);
  const before = await registeredCount(page.request);
  await control(page.request, "faults", { method: "POST", path: "/v1/pix/payments", fault: "timeout-after-commit" });
  await page.getByRole("button", { name: "Confirm transfer" }).click();
  const outcome = page.getByTestId("register-outcome");
  await expect(outcome).toContainText("Registered", { timeout: 20_000 });
  await expect(outcome.getByRole("link", { name: "View the payment" })).toHaveAttribute("href", `/payments/${id}`);
  await expect(page.getByRole("button", { name: "Confirm transfer" })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/register-reconciled-light.png`, fullPage: true });
  expect(await registeredCount(page.request)).toBe(before + 1);
});

test("timeout before commit: not registered, safe to retry with the SAME id", async ({ page }) => {
  await fillByKey(page, { amount: "66,00", name: uniqueName("lost") });
  await review(page);
  const id = await reviewedId(page);
  const before = await registeredCount(page.request);
  await control(page.request, "faults", { method: "POST", path: "/v1/pix/payments", fault: "timeout" });
  await page.getByRole("button", { name: "Confirm transfer" }).click();
  const outcome = page.getByTestId("register-outcome");
  await expect(outcome).toContainText("Not registered, safe to retry", { timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/register-not-registered-light.png`, fullPage: true });
  expect(await registeredCount(page.request)).toBe(before);
  await outcome.getByRole("button", { name: "Retry with the same id" }).click();
  await expect(page).toHaveURL(new RegExp(`/payments/${id}\\?registered=1$`));
  expect(await registeredCount(page.request)).toBe(before + 1);
});

test("422 insufficient funds once the sandbox balance is drained", async ({ page }) => {
  // Our own limit equals the sandbox balance (R$ 1.000.000,00), so drain it through the API first.
  for (let i = 0; i < 5 && (await sandboxState(page.request)).balance.availableCents > 0; i++) {
    const available = (await sandboxState(page.request)).balance.availableCents;
    const res = await page.request.post("/api/payments", {
      data: {
        idempotent_id: completingId(`e2e-drain-${Date.now()}-${i}`),
        value_cents: Math.min(available, 100_000_000),
        initiation_type: "dict",
        authorized: true,
        receiver_name: "E2E drain",
        receiver_document: "11144477735",
        pix_key_type: "email",
        pix_key: "drain@example.com",
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  expect((await sandboxState(page.request)).balance.availableCents).toBe(0);
  await fillByKey(page, { amount: "10,00", name: uniqueName("broke"), authorize: true });
  await review(page);
  await page.getByRole("button", { name: "Confirm transfer" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Insufficient funds" })).toBeVisible();
  await expect(page.getByLabel("Amount")).toHaveValue("10,00");
  await page.screenshot({ path: `${SHOTS}/register-422-light.png`, fullPage: true });
});
