import { expect, test } from "@playwright/test";
import { storageStateFor } from "./env";
import { asOperatorOnResetSandbox, BLOCKED_DOCUMENT, SHOTS, confirmAndOpenDetail, countRegistrations, expectInTable, fillByKey, fillCommon, freshCpf, freshPhone, registeredCount, review, reviewedId, uniqueName } from "./register-helpers";

/**
 * A transfer by hand, as an operator: validation, both ways of addressing it, a double click,
 * and who may not. Below R$ 1.000,00 nothing waits for approval: the operator lands on the
 * payment as soon as the provider has it. (Refusals and lost answers: register-outcomes.spec.ts;
 * approvals: approvals.spec.ts.)
 */
// These tests count this stack's payments (and drain its balance): serially, from a reset sandbox.
asOperatorOnResetSandbox();

test("validation: errors in words next to their field, on blur and on Review", async ({ page }) => {
  await page.goto("/payments/new");
  const amount = page.getByLabel("Amount");
  await amount.fill("0");
  await page.getByRole("button", { name: "Review" }).click();
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("The amount must be more than R$ 0,00")).toBeVisible();
  await amount.fill("234,56");
  await expect(page.getByText(/^Reads as R\$\s234,56$/)).toBeVisible();

  await page.getByRole("button", { name: "Review" }).click();
  await expect(page.getByLabel("Receiver name")).toHaveAccessibleDescription(/Enter the receiver's name/);
  await expect(page.getByLabel("Receiver CPF/CNPJ")).toHaveAccessibleDescription(/Enter the receiver's CPF or CNPJ/);
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

test("by Pix key: reviewed in business words, sent, the operator lands on the payment; a repeat never pays twice", async ({ page }) => {
  const name = uniqueName("dict");
  const document = freshCpf();
  await fillByKey(page, { amount: "234,56", name, document });
  await review(page);
  await expect(page.getByTestId("review-amount")).toHaveText(/^R\$\s234,56$/);
  await expect(page.getByTestId("review-amount-words")).toHaveText("two hundred thirty-four reais and fifty-six centavos");
  await expect(page.getByText("+5511912345678")).toBeVisible(); // the key as it will be sent
  await expect(page.getByTestId("review-approvals")).toHaveText("No approval needed: it goes out as soon as you confirm.");
  await expect(page.getByText("value_cents")).toHaveCount(0); // no wire names on screen
  await page.screenshot({ path: `${SHOTS}/register-review-light.png`, fullPage: true });

  const before = await registeredCount(page.request);
  const id = await confirmAndOpenDetail(page);
  expect(await registeredCount(page.request)).toBe(before + 1);
  const payment = await expectInTable(page, id, name);

  // The same partner ID again with the same transfer: the same request, no second payment.
  const again = await page.request.post("/api/transfers", {
    data: { idempotent_id: id, value_cents: 23456, initiation_type: "dict", receiver_name: name, receiver_document: document.replace(/\D/g, ""), pix_key_type: "phone", pix_key: "+5511912345678" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(again.status()).toBe(200);
  expect((await again.json()).transfer.reference_code).toBe(payment.reference_code);
  expect(await registeredCount(page.request)).toBe(before + 1);

  // A fresh partner ID for the next form.
  await fillByKey(page, { amount: "1,00", name });
  await expect(page.getByTestId("form-payment-id")).not.toHaveText(id);
});

test("by bank account: bank picked by name, found in the table", async ({ page }) => {
  const name = uniqueName("manual");
  await page.goto("/payments/new");
  await page.getByRole("radio", { name: "By bank account" }).check();
  await fillCommon(page, { amount: "250", name });
  const bank = page.getByRole("combobox", { name: "Bank (ISPB)" });
  await bank.fill("itau");
  await page.getByRole("option", { name: /Itaú Unibanco/ }).click();
  await expect(bank).toHaveValue("Itaú Unibanco (60701190)");
  await page.getByLabel("Branch").fill("0001");
  await page.getByLabel("Account", { exact: true }).fill("12345-6");
  await page.getByLabel("Account type").selectOption({ label: "Savings" });
  await review(page);
  await expect(page.getByText("Itaú Unibanco (60701190)")).toBeVisible();
  // The account with its check digit, as Brazilians write it.
  await expect(page.locator("dd", { hasText: /^12345-6$/ })).toBeVisible();
  const id = await confirmAndOpenDetail(page);
  // The payment page says "Bank details" (no "Pix key: not reported"): bank, branch, account with its digit.
  const details = page.getByRole("region", { name: "Bank details" });
  await expect(details).toContainText("0001");
  await expect(details).toContainText("12345-6");
  await expect(page.getByRole("region", { name: "Pix key" })).toHaveCount(0);
  await expectInTable(page, id, name);
});

test("a free-entry ISPB is accepted; a double click on Confirm creates one request and one payment", async ({ page }) => {
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
  await expect(page).toHaveURL(new RegExp(`/payments/${id}\\?registered=1$`), { timeout: 20_000 });
  expect(posts.posts).toBe(1);
  expect(await registeredCount(page.request)).toBe(before + 1);
});

test.describe("dark theme", () => {
  test.use({ colorScheme: "dark" });

  test("both ways, errors, review and a refusal look right", async ({ page }) => {
    await page.goto("/payments/new");
    await page.getByRole("button", { name: "Review" }).click();
    await page.screenshot({ path: `${SHOTS}/register-errors-dark.png`, fullPage: true });
    await fillByKey(page, { amount: "999,99", name: uniqueName("dark"), document: BLOCKED_DOCUMENT, key: freshPhone() });
    await review(page);
    await expect(page.getByTestId("review-amount-words")).toHaveText("nine hundred ninety-nine reais and ninety-nine centavos");
    await page.screenshot({ path: `${SHOTS}/register-review-dark.png`, fullPage: true });
    await page.getByRole("button", { name: "Confirm transfer" }).click();
    await expect(page.getByTestId("provider-words")).toHaveText("Receiver not allowed", { timeout: 20_000 });
    await page.screenshot({ path: `${SHOTS}/register-403-dark.png`, fullPage: true });
  });
});

for (const role of ["viewer", "support", "approver"] as const) {
  test.describe(`as ${role}`, () => {
    test.use({ storageState: storageStateFor(role) });

    test("cannot reach the form, and the API refuses to create a transfer", async ({ page }) => {
      expect((await page.goto("/payments/new"))?.status()).toBe(403);
      await expect(page).toHaveURL(/\/payments\/new$/);
      await expect(page.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();
      await expect(page.getByLabel("Amount")).toHaveCount(0);
      const res = await page.request.post("/api/transfers", {
        data: { idempotent_id: `e2e-${role}-${Date.now()}`, value_cents: 100, receiver_name: "X", receiver_document: freshCpf(), pix_key_type: "email", pix_key: "x@example.com" },
      });
      expect(res.status()).toBe(403);
    });
  });
}
