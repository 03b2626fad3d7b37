import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { planFor } from "../lib/sandbox/lifecycle";
import { E2E, storageStateFor } from "./env";

// One sandbox for the run: these tests count its payments and drain its balance, so serially.
test.describe.configure({ mode: "serial" });

const SHOTS = "test-results/shots";
const OK_DOCUMENT = "111.444.777-35";
const BLOCKED_DOCUMENT = "529.982.247-25"; // on the sandbox's blocklist: 403 Receiver not allowed

type Transfer = { amount: string; name: string; document?: string; authorize?: boolean };

const uniqueName = (what: string) => `E2E ${what} ${Date.now().toString(36)}`;

async function control(request: APIRequestContext, path: string, data?: object) {
  const res = await request.post(`${E2E.sandboxUrl}/_control/${path}`, { data: data ?? {} });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

async function sandboxState(request: APIRequestContext) {
  const res = await request.get(`${E2E.sandboxUrl}/_control/state`);
  return (await res.json()) as { payments: { registered: number }; balance: { availableCents: number } };
}

const registeredCount = async (request: APIRequestContext) => (await sandboxState(request)).payments.registered;

/** Counts the POSTs this page sends to /api/payments (a double click must send one). */
function countRegistrations(page: Page) {
  const seen = { posts: 0 };
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/payments") seen.posts++;
  });
  return seen;
}

async function fillCommon(page: Page, t: Transfer) {
  await page.getByLabel("Amount").fill(t.amount);
  await page.getByLabel("Receiver name").fill(t.name);
  await page.getByLabel("Receiver document").fill(t.document ?? OK_DOCUMENT);
  if (t.authorize) await page.getByLabel("Authorize now").check();
}

async function fillByKey(page: Page, t: Transfer & { keyType?: string; key?: string }) {
  await page.goto("/payments/new");
  await expect(page.getByRole("radio", { name: "By Pix key" })).toBeChecked();
  await fillCommon(page, t);
  await page.getByLabel("Pix key type").selectOption(t.keyType ?? "phone");
  await page.getByLabel("Pix key", { exact: true }).fill(t.key ?? "(11) 91234-5678");
}

async function review(page: Page) {
  await page.getByRole("button", { name: "Review" }).click();
  await expect(page.getByRole("heading", { name: "Review the transfer" })).toBeVisible();
}

/** The payment id shown on the review step. */
async function reviewedId(page: Page): Promise<string> {
  const row = page.locator("dt", { hasText: /^Payment id$/ }).locator("xpath=following-sibling::dd[1]");
  return (await row.innerText()).trim();
}

async function confirmAndOpenDetail(page: Page): Promise<string> {
  const id = await reviewedId(page);
  await page.getByRole("button", { name: "Confirm transfer" }).click();
  await expect(page).toHaveURL(new RegExp(`/payments/${id}\\?registered=1$`));
  await expect(page.getByRole("status").filter({ hasText: "Transfer registered." })).toBeVisible();
  return id;
}

/** The payment as the API has it, then found in the /payments table by its reference code. */
async function expectInTable(page: Page, id: string, name: string) {
  const res = await page.request.get(`/api/payments/${encodeURIComponent(id)}`);
  expect(res.status()).toBe(200);
  const { payment } = (await res.json()) as { payment: { reference_code: string; receiver_name: string } };
  expect(payment.receiver_name).toBe(name);
  await page.goto(`/payments?reference_code=${encodeURIComponent(payment.reference_code)}`);
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);
  return payment;
}

/** An id the sandbox's lifecycle completes (never cancels, which would give the balance back). */
function completingId(prefix: string): string {
  for (let i = 0; ; i++) if (planFor(`${prefix}-${i}`) === "complete") return `${prefix}-${i}`;
}

test.use({ storageState: storageStateFor("operator") });

test.beforeAll(async ({ request }) => {
  await control(request, "reset"); // full balance, no faults, only seeded payments
});

test.afterAll(async ({ request }) => {
  await control(request, "reset"); // give the drained balance back to the specs that follow
});

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
