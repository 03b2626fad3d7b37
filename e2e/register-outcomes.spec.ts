import { expect, request as playwrightRequest, test } from "@playwright/test";
import { E2E, storageStateFor } from "./env";
import { asOperatorOnResetSandbox, BLOCKED_DOCUMENT, DEFAULT_TIERS, SHOTS, completingId, control, fillByKey, registeredCount, review, reviewedId, sandboxState, setPolicy, uniqueName, freshCpf, freshPhone } from "./register-helpers";

/**
 * What the provider answers, as the operator sees it: a refusal in the provider's own words with
 * the values kept; lost answers settled by the engine (read back, retried with the same partner
 * ID): the operator still lands on the payment, exactly one payment; 422 once the balance is gone.
 */
// These tests count this stack's payments (and drain its balance): serially, from a reset sandbox.
asOperatorOnResetSandbox();

test("403 blocked receiver: the provider's words on the review step, values kept for editing", async ({ page }) => {
  const name = uniqueName("blocked");
  await fillByKey(page, { amount: "99,90", name, document: BLOCKED_DOCUMENT, key: freshPhone() });
  await review(page);
  const before = await registeredCount(page.request);
  await page.getByRole("button", { name: "Confirm transfer" }).click();
  await expect(page.getByTestId("register-outcome")).toContainText("The provider refused the transfer", { timeout: 20_000 });
  await expect(page.getByTestId("provider-words")).toHaveText("Receiver not allowed");
  await page.screenshot({ path: `${SHOTS}/register-403-light.png`, fullPage: true });
  await page.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByLabel("Amount")).toHaveValue("99,90");
  await expect(page.getByLabel("Receiver name")).toHaveValue(name);
  expect(await registeredCount(page.request)).toBe(before);
});

test("fields the server refuses come back on their fields (answer simulated in the browser)", async ({ page }) => {
  await page.route("**/api/transfers", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 422, json: { error: "Enter the receiver's name", kind: "validation", fields: { receiver_name: "Enter the receiver's name" } } })
      : route.continue(),
  );
  await fillByKey(page, { amount: "5", name: uniqueName("422") });
  await review(page);
  await page.getByRole("button", { name: "Confirm transfer" }).click();
  await expect(page.getByLabel("Receiver name")).toHaveAccessibleDescription(/Enter the receiver's name/);
  await expect(page.getByLabel("Amount")).toHaveValue("5,00");
});

for (const { fault, what } of [
  { fault: "timeout-after-commit", what: "the provider kept it and the answer was lost: found by reading back" },
  { fault: "timeout", what: "the provider never got it: sent again with the same partner ID" },
  { fault: "500", what: "the provider failed: sent again with the same partner ID" },
] as const) {
  test(`${fault}: ${what}; the operator lands on the payment, exactly one payment`, async ({ page }) => {
    await fillByKey(page, { amount: "66,00", name: uniqueName(fault) });
    await review(page);
    const id = await reviewedId(page);
    const before = await registeredCount(page.request);
    await control(page.request, "faults", { method: "POST", path: "/v1/pix/payments", fault });
    await page.getByRole("button", { name: "Confirm transfer" }).click();
    await expect(page).toHaveURL(new RegExp(`/payments/${id}\\?registered=1$`), { timeout: 30_000 });
    expect(await registeredCount(page.request)).toBe(before + 1);
    const res = await page.request.get(`/api/transfers?state=registered`);
    const { transfers } = (await res.json()) as { transfers: Array<{ idempotent_id: string; attempts: number }> };
    expect(transfers.find((t) => t.idempotent_id === id)?.attempts).toBe(fault === "timeout-after-commit" ? 1 : 2);
  });
}

test("a lost answer from our own server: sending again is safe (same partner ID, one request)", async ({ page }) => {
  let dropped = false;
  await page.route("**/api/transfers", async (route) => {
    if (route.request().method() !== "POST" || dropped) return route.continue();
    dropped = true;
    await route.fetch(); // the server gets it (and creates the request) ...
    await route.abort("connectionreset"); // ... but the answer never reaches the browser
  });
  await fillByKey(page, { amount: "44,00", name: uniqueName("lost") });
  await review(page);
  const id = await reviewedId(page);
  const before = await registeredCount(page.request);
  await page.getByRole("button", { name: "Confirm transfer" }).click();
  const outcome = page.getByTestId("register-outcome");
  await expect(outcome).toContainText("The server's answer did not arrive");
  await outcome.getByRole("button", { name: "Send again (same ID)" }).click();
  await expect(page).toHaveURL(new RegExp(`/payments/${id}\\?registered=1$`), { timeout: 20_000 });
  expect(await registeredCount(page.request)).toBe(before + 1);
});

test("422 insufficient funds once the sandbox balance is drained", async ({ page }) => {
  // Our own limit equals the sandbox balance (R$ 1.000.000,00): drain it through the API, with no
  // approval asked for the while (the policy is put back afterwards).
  const admin = await playwrightRequest.newContext({ baseURL: E2E.appUrl, storageState: storageStateFor("admin") });
  try {
    await setPolicy(admin, [{ from_cents: 0, approvals: 0 }]);
    for (let i = 0; i < 5 && (await sandboxState(page.request)).balance.availableCents > 0; i++) {
      const available = (await sandboxState(page.request)).balance.availableCents;
      const res = await page.request.post("/api/payments", {
        data: {
          idempotent_id: completingId(`e2e-drain-${Date.now()}-${i}`),
          value_cents: Math.min(available, 100_000_000),
          initiation_type: "dict",
          receiver_name: "E2E drain",
          receiver_document: freshCpf(),
          pix_key_type: "email",
          pix_key: "drain@example.com",
        },
        headers: { origin: E2E.appUrl },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
  } finally {
    await setPolicy(admin, DEFAULT_TIERS);
    await admin.dispose();
  }
  expect((await sandboxState(page.request)).balance.availableCents).toBe(0);
  await fillByKey(page, { amount: "10,00", name: uniqueName("broke") });
  await review(page);
  await page.getByRole("button", { name: "Confirm transfer" }).click();
  await expect(page.getByTestId("provider-words")).toHaveText("Insufficient funds", { timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/register-422-light.png`, fullPage: true });
});
