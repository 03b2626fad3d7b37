import { expect, test, type Page } from "@playwright/test";
import { E2E, storageStateFor } from "./env";
import { expectHydrated } from "./hydrated";

test.use({ storageState: storageStateFor("support") });

// Fixed sandbox records (sandbox/fixtures.ts).
const PENDING = "sandbox-known-pending";
const WITH_QR = { id: "sandbox-known-completed-qr", e2e: "E18236120202611161230SBXQRPAID01" };
const NO_QR = { id: "sandbox-known-completed-no-qr", e2e: "E18236120202611161415SBXNOQRCOD1" };

async function openWithShortcut(page: Page) {
  await page.keyboard.press("ControlOrMeta+k");
  const dialog = page.getByRole("dialog", { name: "Look up payment" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function lookUp(page: Page, text: string) {
  const dialog = await openWithShortcut(page);
  await dialog.getByLabel("ID or reference code").fill(text);
  await dialog.getByRole("button", { name: "Look up", exact: true }).click();
  return dialog;
}

test.describe("support", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/payments");
    await expect(page.getByRole("button", { name: "Look up payment" })).toBeVisible();
    await expectHydrated(page);
  });

  test("opens with the button and Ctrl/Cmd+K, keeps focus inside, closes with Esc", async ({ page }) => {
    await page.getByRole("button", { name: "Look up payment" }).click();
    const dialog = page.getByRole("dialog", { name: "Look up payment" });
    await expect(dialog.getByLabel("ID or reference code")).toBeFocused();
    // Tab cycles inside the dialog.
    for (let i = 0; i < 6; i++) await page.keyboard.press("Tab");
    await expect(dialog.locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await openWithShortcut(page);
    await expect(page.getByLabel("ID or reference code")).toBeFocused();
    await page.screenshot({ path: "test-results/shots/lookup-open.png" });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("an idempotent_id lands on the payment, pasted with quotes and spaces", async ({ page }) => {
    await lookUp(page, `  "${PENDING}" `);
    await expect(page).toHaveURL(`/payments/${PENDING}`);
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByRole("region", { name: "Identifiers" })).toContainText(PENDING);
  });

  test("an end-to-end id opens its QR code record, which offers the payment", async ({ page }) => {
    const dialog = await openWithShortcut(page);
    await dialog.getByLabel("ID or reference code").fill(WITH_QR.e2e);
    await expect(dialog).toContainText("Looks like an end-to-end ID");
    await dialog.getByLabel("ID or reference code").press("Enter");
    await expect(page).toHaveURL(`/qrcodes/${WITH_QR.e2e}`);
    const related = page.getByRole("region", { name: "Payments with this end-to-end id" });
    await expect(related.getByRole("link", { name: new RegExp(WITH_QR.id) })).toBeVisible();
  });

  test("an end-to-end id without a QR code record lands on its only payment", async ({ page }) => {
    await lookUp(page, NO_QR.e2e);
    await expect(page).toHaveURL(`/payments/${NO_QR.id}`);
    await expect(page.getByRole("region", { name: "QR code record" })).toContainText("No QR code record for this payment");
  });

  test("a reference-code fragment lists the matching payments and says what it tried", async ({ page }) => {
    const dialog = await lookUp(page, "sbxfixture");
    const results = dialog.getByTestId("lookup-results");
    await expect(results).toContainText("No payment has the partner ID “sbxfixture”");
    await expect(results).toContainText("No payment has exactly the reference code “sbxfixture”");
    await expect(results).toContainText(/\d+ payments whose reference code contains “sbxfixture”/);
    await page.screenshot({ path: "test-results/shots/lookup-results.png" });
    await results.getByRole("link", { name: new RegExp(PENDING) }).click();
    await expect(page).toHaveURL(`/payments/${PENDING}`);
  });

  test("a whole reference code is read exactly and lands on its payment", async ({ page }) => {
    // The fixtures' reference codes (sandbox/fixtures.ts): sbxfixture + position + key.
    await lookUp(page, "sbxfixture01completedwithqr");
    await expect(page).toHaveURL(`/payments/${WITH_QR.id}`);
  });

  test("nothing found is not a dead end, and says part of a partner ID cannot be searched", async ({ page }) => {
    const dialog = await lookUp(page, "zz-nothing-like-this-9");
    const results = dialog.getByTestId("lookup-results");
    await expect(results).toContainText("No payment has the partner ID");
    await expect(results).toContainText("No payment whose reference code contains");
    await expect(results).toContainText("Part of a partner ID cannot be searched");
    await expect(results.getByRole("link", { name: /receiver/i })).toHaveCount(0);
    await expect(results.getByRole("link", { name: /Charges whose reference code contains/ })).toHaveAttribute(
      "href",
      "/qrcodes?reference_code=zz-nothing-like-this-9",
    );
    await expect(results.getByRole("link", { name: "All payments" })).toBeVisible();
    await page.screenshot({ path: "test-results/shots/lookup-nothing.png" });
  });

  test("remembers recent lookups in this browser and forgets them on Clear", async ({ page }) => {
    await lookUp(page, PENDING);
    await expect(page).toHaveURL(`/payments/${PENDING}`);
    await lookUp(page, "zz-recent-check");
    await expect(page.getByTestId("lookup-results")).toBeVisible();
    await page.keyboard.press("Escape");

    // A fresh page load: the list comes from localStorage, not from memory.
    await page.goto("/payments");
    await expectHydrated(page); // the shortcut is a React listener: pressed before hydration, it is lost
    const dialog = await openWithShortcut(page);
    const recent = dialog.getByRole("list", { name: "Recent lookups" });
    await expect(recent.getByRole("button")).toHaveCount(2);
    await expect(recent.getByRole("button").first()).toContainText("zz-recent-check");
    await expect(recent.getByRole("button").nth(1)).toContainText(PENDING);

    await recent.getByRole("button", { name: new RegExp(PENDING) }).click();
    await expect(page).toHaveURL(`/payments/${PENDING}`);
    await expect(dialog).toBeHidden();

    const again = await openWithShortcut(page);
    await again.getByRole("button", { name: "Clear recent lookups" }).click();
    await expect(again.getByRole("list", { name: "Recent lookups" })).toHaveCount(0);
    await expect(again).toContainText("Nothing yet");
  });

  test("the not-found page opens the lookup with the id filled in", async ({ page }) => {
    await page.goto("/payments/no-such-payment-77");
    await page.getByRole("button", { name: "Look up another id" }).click();
    const dialog = page.getByRole("dialog", { name: "Look up payment" });
    await expect(dialog.getByLabel("ID or reference code")).toHaveValue("no-such-payment-77");
  });
});

test.describe("viewer", () => {
  test.use({ storageState: storageStateFor("viewer") });

  test("has no lookup: neither the box nor the API", async ({ page }) => {
    await page.goto("/payments");
    await expect(page.getByRole("button", { name: "Look up payment" })).toHaveCount(0);
    const answer = await page.request.get(`${E2E.appUrl}/api/lookup?q=${PENDING}`);
    expect(answer.status()).toBe(403);
  });
});
