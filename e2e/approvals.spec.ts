import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E, storageStateFor, type E2EAccount } from "./env";
import { SHOTS, fillByKey, registeredCount, review, uniqueName } from "./register-helpers";
import { clickMoneyAction } from "./step-up";

/**
 * Maker-checker in two browsers: the operator creates a transfer above the approval limit and
 * watches its page; an approver decides in another browser; the operator's page changes without
 * a reload. Default policy: R$ 1.000,00 needs one approver, R$ 10.000,00 two.
 */
test.describe.configure({ mode: "serial" });

async function signedIn(browser: Browser, account: E2EAccount): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStateFor(account), baseURL: E2E.appUrl });
  return context.newPage();
}

/** The operator confirms a transfer of `amount` and lands on its request page, waiting for approval. */
async function createAwaiting(page: Page, amount: string, name: string): Promise<string> {
  await fillByKey(page, { amount, name, keyType: "email", key: "fornecedor@example.com" });
  await review(page);
  await page.getByRole("button", { name: "Confirm transfer" }).click();
  await expect(page).toHaveURL(/\/transfers\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByTestId("transfer-state-text")).toContainText("Nothing is sent until");
  return new URL(page.url()).pathname;
}

test("R$ 2.500,00: the approver approves in another browser; the operator's page shows it registered without a reload", async ({ browser }) => {
  const operator = await signedIn(browser, "operator");
  const approver = await signedIn(browser, "approver");
  const name = uniqueName("approve-one");
  const before = await registeredCount(operator.request);
  const path = await createAwaiting(operator, "2.500,00", name);
  await expect(operator.getByTestId("approvals-progress")).toHaveText("0 of 1 approvals");
  expect(await registeredCount(operator.request)).toBe(before); // nothing sent yet

  // The approver's header counts it; their list shows it first; the page explains it.
  await approver.goto("/transfers");
  await expect(approver.getByTestId("inbox-badge")).toBeVisible();
  const inbox = approver.getByRole("region", { name: /Waiting for you/ });
  await expect(inbox.locator("tr", { hasText: name })).toBeVisible();
  await approver.goto(path);
  await expect(approver.getByTestId("receiver-history")).toBeVisible();
  await approver.screenshot({ path: `${SHOTS}/approval-approver.png`, fullPage: true });
  const reload = operator.waitForEvent("framenavigated", { timeout: 1_000 }).then(() => true, () => false);
  await clickMoneyAction(approver, approver.getByRole("button", { name: "Approve" }), "approve");

  await expect(operator.locator("h1 + [data-state]")).toHaveAttribute("data-state", "registered", { timeout: 20_000 });
  await expect(operator.getByTestId("transfer-outcome")).toContainText("Registered at the provider");
  expect(await reload).toBe(false);
  await operator.screenshot({ path: `${SHOTS}/approval-operator-registered.png`, fullPage: true });
  expect(await registeredCount(operator.request)).toBe(before + 1);
});

test("R$ 15.000,00 needs two approvers: after the first it still waits, after the second it is sent", async ({ browser }) => {
  const operator = await signedIn(browser, "operator");
  const path = await createAwaiting(operator, "15.000,00", uniqueName("approve-two"));
  await expect(operator.getByTestId("approvals-progress")).toHaveText("0 of 2 approvals");
  const first = await signedIn(browser, "approver");
  await first.goto(path);
  await clickMoneyAction(first, first.getByRole("button", { name: "Approve" }), "approve");
  await expect(operator.getByTestId("approvals-progress")).toHaveText("1 of 2 approvals", { timeout: 20_000 });
  await expect(first.getByText("You approved this request.")).toBeVisible();
  await expect(first.getByRole("button", { name: "Approve" })).toHaveCount(0);

  const second = await signedIn(browser, "approver2");
  await second.goto(path);
  await clickMoneyAction(second, second.getByRole("button", { name: "Approve" }), "approve");
  await expect(operator.locator("h1 + [data-state]")).toHaveAttribute("data-state", "registered", { timeout: 20_000 });
});

test("a rejection's reason is shown to the maker; nothing is sent", async ({ browser }) => {
  const operator = await signedIn(browser, "operator");
  const before = await registeredCount(operator.request);
  const path = await createAwaiting(operator, "3.000,00", uniqueName("reject"));
  const approver = await signedIn(browser, "approver");
  await approver.goto(path);
  await approver.getByRole("button", { name: "Reject" }).click();
  await approver.getByRole("button", { name: "Reject the transfer" }).click();
  await expect(approver.getByText("Why is it rejected?").first()).toBeVisible(); // a reason is required
  await approver.getByLabel(/Why is it rejected/).fill("Invoice 4411 was already paid by boleto");
  await approver.getByRole("button", { name: "Reject the transfer" }).click();
  await expect(operator.getByTestId("rejection-reason")).toContainText("Invoice 4411 was already paid by boleto", { timeout: 20_000 });
  await expect(operator.locator("h1 + [data-state]")).toHaveAttribute("data-state", "rejected");
  await operator.screenshot({ path: `${SHOTS}/approval-rejected.png`, fullPage: true });
  expect(await registeredCount(operator.request)).toBe(before);
});

test("the maker cannot approve their own request (an admin who created it sees why)", async ({ browser }) => {
  const admin = await signedIn(browser, "admin");
  const path = await createAwaiting(admin, "1.500,00", uniqueName("own"));
  await expect(admin.getByText("You created this request: another approver must decide.")).toBeVisible();
  await expect(admin.getByRole("button", { name: "Approve" })).toHaveCount(0);
  const res = await admin.request.post(`/api/transfers${path.replace("/transfers", "")}/approve`, { headers: { origin: E2E.appUrl } });
  expect(res.status()).toBe(403);
});
