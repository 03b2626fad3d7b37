import { expect, test } from "@playwright/test";
import { storageStateFor } from "./env";
import { asOperatorOnResetSandbox, BLOCKED_DOCUMENT, SHOTS, confirmAndOpenDetail, countRegistrations, expectInTable, fillByKey, fillCommon, registeredCount, review, reviewedId, uniqueName } from "./register-helpers";

/**
 * Registering a transfer by hand, as an operator: validation, both modes, a double click, and
 * who may not. (The provider's refusals and unknown outcomes: register-outcomes.spec.ts.)
 */
// These tests count this stack's payments (and drain its balance): serially, from a reset sandbox.
asOperatorOnResetSandbox();

test("validation: errors in words next to their field, on blur and on Review", async ({ page }) => {
  await page.goto("/payments/new");
  const amount = page.getByLabel("Amount");
  await amount.fill("1,2,3");
  await amount.blur();
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(amount).toHaveAccessibleDescription(/write it like 1\.234,56/);
  await amount.fill("1.234,56");
  await expect(page.getByText(/^Will be sent as R\$\s1\.234,56$/)).toBeVisible();
  await expect(amount).toHaveAttribute("aria-invalid", "false");

  await page.getByRole("button", { name: "Review" }).click();
  await expect(page.getByLabel("Receiver name")).toHaveAccessibleDescription(/Enter the receiver's name/);
  await expect(page.getByLabel("Receiver document")).toHaveAccessibleDescription(/Enter the receiver's CPF or CNPJ/);
  await expect(page.getByLabel("Pix key type")).toHaveAccessibleDescription(/Choose the key type/);
  await page.screenshot({ path: `${SHOTS}/register-errors-light.png`, fullPage: true });

  await page.getByRole("radio", { name: "By bank account" }).check();
  await page.getByRole("button", { name: "Review" }).click();
  await expect(page.getByLabel("Bank (ISPB)")).toHaveAccessibleDescription(/Choose the bank/);
  await expect(page.getByLabel("Branch")).toHaveAccessibleDescription(/Enter the branch/);
  await expect(page.getByLabel("Account", { exact: true })).toHaveAccessibleDescription(/account number/);
  await expect(page.getByLabel("Account type")).toHaveAccessibleDescription(/Choose the account type/);
  await expect(page.getByLabel("Pix key", { exact: true })).toHaveCount(0);
});

test("by Pix key: reviewed as sent, registered, found in the payments table", async ({ page }) => {
  const name = uniqueName("dict");
  await fillByKey(page, { amount: "1.234,56", name });
  await page.screenshot({ path: `${SHOTS}/register-dict-light.png`, fullPage: true });
  await review(page);
  await expect(page.getByTestId("review-amount")).toHaveText(/^R\$\s1\.234,56$/);
  await expect(page.getByTestId("review-amount-words")).toHaveText(
    "mil duzentos e trinta e quatro reais e cinquenta e seis centavos",
  );
  await expect(page.getByText("+5511912345678")).toBeVisible(); // the key as it will be sent
  await expect(page.getByText("No: registered waiting for authorization")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/register-review-light.png`, fullPage: true });

  const before = await registeredCount(page.request);
  const id = await confirmAndOpenDetail(page);
  expect(await registeredCount(page.request)).toBe(before + 1);
  const payment = await expectInTable(page, id, name);

  // The same id again: refused in the browser (no request) and never duplicated by the server.
  const posts = countRegistrations(page);
  await fillByKey(page, { amount: "1.234,56", name });
  await expect(page.getByTestId("form-payment-id")).not.toHaveText(id); // a fresh id for the next form
  await page.getByText("Advanced").click();
  await page.getByLabel("Payment id (idempotent_id)").fill(id);
  await review(page);
  await page.getByRole("button", { name: "Confirm transfer" }).click();
  await expect(page.getByTestId("register-outcome")).toContainText("It will not be sent again");
  expect(posts.posts).toBe(0);
  const again = await page.request.post("/api/payments", {
    data: { idempotent_id: id, value_cents: 123456, initiation_type: "dict", receiver_name: name, receiver_document: "11144477735", pix_key_type: "phone", pix_key: "+5511912345678" },
  });
  expect(again.status()).toBe(200);
  expect((await again.json()).payment.reference_code).toBe(payment.reference_code);
  expect(await registeredCount(page.request)).toBe(before + 1);
});

test("by bank account: bank picked by name, authorized now, found in the table", async ({ page }) => {
  const name = uniqueName("manual");
  await page.goto("/payments/new");
  await page.getByRole("radio", { name: "By bank account" }).check();
  await fillCommon(page, { amount: "250", name, authorize: true });
  const bank = page.getByRole("combobox", { name: "Bank (ISPB)" });
  await bank.fill("itau");
  await page.getByRole("option", { name: /Itaú Unibanco/ }).click();
  await expect(bank).toHaveValue("Itaú Unibanco (60701190)");
  await page.getByLabel("Branch").fill("0001");
  await page.getByLabel("Account", { exact: true }).fill("12345-6");
  await page.getByLabel("Account type").selectOption({ label: "Savings" });
  await page.screenshot({ path: `${SHOTS}/register-manual-light.png`, fullPage: true });
  await review(page);
  await expect(page.getByText("(60701190)")).toBeVisible();
  await expect(page.locator("dd", { hasText: /^123456$/ })).toBeVisible();
  await expect(page.getByText("Yes: the money is sent right away")).toBeVisible();
  const id = await confirmAndOpenDetail(page);
  await expectInTable(page, id, name);
});

test("a free-entry ISPB is accepted; a double click on Confirm registers exactly one payment", async ({ page }) => {
  const name = uniqueName("double");
  await page.goto("/payments/new");
  await page.getByRole("radio", { name: "By bank account" }).check();
  await fillCommon(page, { amount: "12,34", name });
  await page.getByRole("combobox", { name: "Bank (ISPB)" }).fill("12345678");
  await expect(page.getByText("ISPB 12345678 is not in our list of participants")).toBeVisible();
  await page.getByLabel("Branch").fill("12");
  await page.getByLabel("Account", { exact: true }).fill("998877");
  await page.getByLabel("Account type").selectOption("TRAN");
  await review(page);
  const before = await registeredCount(page.request);
  const posts = countRegistrations(page);
  const id = await reviewedId(page);
  await page.getByRole("button", { name: "Confirm transfer" }).dblclick();
  await expect(page).toHaveURL(new RegExp(`/payments/${id}\\?registered=1$`));
  expect(posts.posts).toBe(1);
  expect(await registeredCount(page.request)).toBe(before + 1);
});

test.describe("dark theme", () => {
  test.use({ colorScheme: "dark" });

  test("both modes, errors, review and a refusal look right", async ({ page }) => {
    await page.goto("/payments/new");
    await page.getByRole("button", { name: "Review" }).click();
    await page.screenshot({ path: `${SHOTS}/register-errors-dark.png`, fullPage: true });
    await fillByKey(page, { amount: "1.000.000,00", name: uniqueName("dark"), document: BLOCKED_DOCUMENT });
    await page.screenshot({ path: `${SHOTS}/register-dict-dark.png`, fullPage: true });
    await review(page);
    await expect(page.getByTestId("review-amount-words")).toHaveText("um milhão de reais");
    await page.screenshot({ path: `${SHOTS}/register-review-dark.png`, fullPage: true });
    await page.getByRole("button", { name: "Confirm transfer" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Receiver not allowed" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/register-403-dark.png`, fullPage: true });
    await page.getByRole("radio", { name: "By bank account" }).check();
    await page.getByRole("combobox", { name: "Bank (ISPB)" }).fill("ban");
    await page.screenshot({ path: `${SHOTS}/register-manual-dark.png`, fullPage: true });
  });
});

for (const role of ["viewer", "support"] as const) {
  test.describe(`as ${role}`, () => {
    test.use({ storageState: storageStateFor(role) });

    test("cannot reach the form, and the API refuses to register", async ({ page }) => {
      await page.goto("/payments/new");
      await expect(page).toHaveURL(/\/login\/not-allowed\?permission=register/);
      await expect(page.getByLabel("Amount")).toHaveCount(0);
      const res = await page.request.post("/api/payments", {
        data: { idempotent_id: `e2e-${role}-${Date.now()}`, value_cents: 100, receiver_name: "X", receiver_document: "11144477735", pix_key_type: "email", pix_key: "x@example.com" },
      });
      expect(res.status()).toBe(403);
    });
  });
}

