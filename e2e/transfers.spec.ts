import { expect, test } from "@playwright/test";
import { E2E, storageStateFor } from "./env";
import { SHOTS, control, uniqueName, freshCpf } from "./register-helpers";

/**
 * The /transfers page as an operator keeps it open: a request created elsewhere (another tab,
 * another person, the API) appears, then turns registered, without a reload. And the
 * reconciliation page as support sees it.
 */
test.use({ storageState: storageStateFor("operator") });

test("/transfers: a new request appears and changes state live; its page has the timeline and the outcome", async ({ page }) => {
  await page.goto("/transfers");
  await expect(page.getByRole("heading", { level: 1, name: "Transfers" })).toBeVisible();
  await expect(page.locator('[data-live-state="open"]')).toBeVisible({ timeout: 15_000 });
  const name = uniqueName("live");
  const navigations: string[] = [];
  page.on("framenavigated", (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
  // Held at the provider for a moment, so the row is seen in flight first.
  await control(page.request, "faults", { method: "POST", path: "/v1/pix/payments", fault: "delay", delayMs: 1_000 });
  const res = await page.request.post("/api/transfers", {
    data: { idempotent_id: `e2e-live-${Date.now()}`, value_cents: 4_321, initiation_type: "dict", receiver_name: name, receiver_document: freshCpf(), pix_key_type: "email", pix_key: "live@example.com" },
    headers: { origin: E2E.appUrl },
  });
  expect(res.status()).toBe(201);
  const { transfer } = (await res.json()) as { transfer: { id: string } };
  const row = page.getByTestId("transfers-table").locator(`tr[data-transfer-id="${transfer.id}"]`);
  await expect(row).toBeVisible({ timeout: 10_000 });
  await expect(row).toHaveAttribute("data-state", "registered", { timeout: 20_000 });
  expect(navigations).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/transfers-list.png`, fullPage: true });

  await row.getByRole("link").click();
  await expect(page.getByTestId("transfer-timeline")).toContainText("Registered");
  await expect(page.getByTestId("transfer-outcome")).toContainText("Registered at the provider with reference code");
  await expect(page.getByRole("link", { name: "Open the payment" })).toBeVisible();
});

test.describe("as support", () => {
  test.use({ storageState: storageStateFor("support") });

  test("the reconciliation page lists open findings (or says there are none); transfers are read-only for them", async ({ page }) => {
    await page.goto("/reconciliation");
    await expect(page.getByRole("heading", { level: 1, name: "Reconciliation" })).toBeVisible();
    await expect(page.getByTestId("findings").or(page.getByText("Nothing to reconcile"))).toBeVisible();
    expect((await page.goto("/transfers"))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Transfers" })).toBeVisible();
    // Read-only: no new transfer, no approvals inbox.
    await expect(page.getByRole("main").getByRole("link", { name: "New transfer" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Approve/ })).toHaveCount(0);
  });
});
