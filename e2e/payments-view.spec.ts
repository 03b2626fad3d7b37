import { expect, test } from "@playwright/test";
import { E2E, storageStateFor } from "./env";
import { brazilDayTyped, expectView, listFromApi, PAST } from "./payments-table-helpers";

/**
 * The payments explorer's view: pagination, the URL as the single source of truth (pasted links,
 * reload, back/forward), invalid values, empty and error states, keyboard and mouse, column
 * chooser and density, and how it looks (light/dark, 1280/1024 px).
 */
test.use({ storageState: storageStateFor("viewer") });

test.describe("payments table", () => {
  test("pagination walks to the last page and back, 100 rows a page", async ({ page }) => {
    const params = { status: "completed", ...PAST };
    const first = await listFromApi(page, params);
    expect(first.meta.total_pages).toBeGreaterThan(3);
    await page.goto(`/payments?${new URLSearchParams(params).toString()}`);
    await expectView(page, params);
    const last = first.meta.total_pages;
    await expect(page.getByTestId("page-status")).toHaveText(`Page 1 of ${last}`);
    await expect(page.getByRole("button", { name: "Previous page" })).toBeDisabled();
    await page.getByRole("button", { name: "Next page" }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expectView(page, { ...params, page: "2" });
    await page.getByRole("button", { name: "Last page" }).click();
    await expect(page.getByTestId("page-status")).toHaveText(`Page ${last} of ${last}`);
    const lastAnswer = await expectView(page, { ...params, page: String(last) });
    expect(lastAnswer.payments.length).toBe(first.meta.total_items_amount - (last - 1) * 100);
    await expect(page.getByRole("button", { name: "Next page" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Last page" })).toBeDisabled();
    await page.getByRole("button", { name: "First page" }).click();
    await expect(page).toHaveURL((url) => !url.searchParams.has("page"));
    await expectView(page, params);
  });

  test("a pasted URL reproduces the view; reload, back and forward keep it", async ({ page }) => {
    const rest = { status: "completed", receiver_name: "a", ...PAST };
    const params = { ...rest, page: "2" };
    await page.goto(`/payments?${new URLSearchParams(params).toString()}`);
    const answer = await expectView(page, params);
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("completed");
    await expect(page.getByLabel("Receiver name", { exact: true })).toHaveValue("a");
    await expect(page.getByTestId("page-status")).toHaveText(`Page 2 of ${answer.meta.total_pages}`);
    await expect(page.getByRole("group", { name: "Active filters" })).toContainText("Registered at:");

    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Canceled" });
    await expect(page).toHaveURL((url) => url.searchParams.get("status") === "canceled" && !url.searchParams.has("page"));
    await expectView(page, { ...rest, status: "canceled" });

    await page.reload();
    await expectView(page, { ...rest, status: "canceled" });
    await page.goBack();
    await expect(page).toHaveURL((url) => url.searchParams.get("status") === "completed" && url.searchParams.get("page") === "2");
    await expectView(page, params);
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("completed");
    await page.goForward();
    await expectView(page, { ...rest, status: "canceled" });
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("canceled");
  });

  test("invalid values in a pasted URL are ignored with a notice, never a crash", async ({ page }) => {
    await page.goto(
      "/payments?page=abc&status=NOT%20VALID&receiver_document=12a&receiver_name=Ana" +
        "&registration_start_date=2026-01-01T00:00:00&payment_end_date=yesterday",
    );
    const notice = page.getByRole("status").filter({ hasText: "Some values in the link were ignored" });
    await expect(notice).toBeVisible();
    for (const text of ["Page “abc”", "Status “NOT VALID”", "Receiver CPF/CNPJ “12a”", "Registered from", "Paid to “yesterday”"]) {
      await expect(notice).toContainText(text);
    }
    // The usable part of the link is kept, the rest leaves the URL.
    await expect(page).toHaveURL((url) => url.search === "?receiver_name=Ana");
    await expectView(page, { receiver_name: "Ana" });
    await notice.getByRole("button", { name: "Dismiss" }).click();
    await expect(notice).toHaveCount(0);
  });

  test("an empty result names the filters that gave nothing", async ({ page }) => {
    await page.goto("/payments?receiver_name=zzqxw-nobody&status=sent");
    const empty = page.getByRole("status").filter({ hasText: "No payments match these filters" });
    await expect(empty).toBeVisible();
    await expect(empty).toContainText("Receiver name zzqxw-nobody");
    await expect(empty).toContainText("Status Sent");
    await expect(page.locator("table")).toHaveCount(0);
    await empty.getByRole("button", { name: "Clear all filters" }).click();
    await expectView(page, {});
  });

  test("a failed load shows the reason and Retry, never an empty table", async ({ page }) => {
    const arm = await page.request.post(`${E2E.sandboxUrl}/_control/faults`, {
      data: { method: "GET", path: "/v1/pix/payments", fault: "500", times: 50 },
    });
    expect(arm.ok()).toBe(true);
    try {
      await page.goto("/payments?receiver_name=retry-check");
      const alert = page.getByRole("alert").filter({ hasText: "Could not load payments" });
      await expect(alert).toBeVisible({ timeout: 20_000 });
      await expect(page.locator("table")).toHaveCount(0);
    } finally {
      await page.request.delete(`${E2E.sandboxUrl}/_control/faults`);
    }
    await page.getByRole("button", { name: "Retry", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Could not load payments" })).toHaveCount(0);
    await expectView(page, { receiver_name: "retry-check" });
  });

  test("while a slow page loads, the previous rows stay, dimmed, and the new ones replace them", async ({ page }) => {
    await page.goto("/payments?status=completed");
    const before = await expectView(page, { status: "completed" });
    const table = page.locator("[aria-busy]").filter({ has: page.locator("table") });
    await expect(table).not.toHaveClass(/opacity-60/);
    // The list call is held in this page until the test has looked (no race with the machine's
    // speed, and no fault in the shared sandbox that another worker's call could take).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/payments\?(.*&)?status=canceled(&|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("Status", { exact: true }).selectOption("canceled");
    await expect(table).toHaveAttribute("aria-busy", "true");
    await expect(table).toHaveClass(/opacity-60/);
    await expect(page.getByText(/^Loading… Rows/)).toBeVisible();
    // The page shown is still the previous one, row for row.
    await expect(page.locator("tbody tr").first().locator("td[data-column='reference_code']")).toContainText(before.payments[0]!.reference_code);
    release();
    await expectView(page, { status: "canceled" });
    await expect(table).not.toHaveClass(/opacity-60/);
  });

  test("keyboard: / focuses the filters, arrows move between rows, Enter opens", async ({ page }) => {
    await page.goto("/payments?status=completed");
    const answer = await expectView(page, { status: "completed" });
    // The first paint is server-rendered: keys work once the page has hydrated, so try until then.
    await expect(async () => {
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press("/");
      await expect(page.getByLabel("Status", { exact: true })).toBeFocused({ timeout: 500 });
    }).toPass();
    const rows = page.locator("tbody tr");
    await rows.first().focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(rows.nth(2)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/payments/${encodeURIComponent(answer.payments[1]!.idempotent_id)}$`));
    await page.goBack();
    await expect(page).toHaveURL(/\/payments\?status=completed$/);
    await expectView(page, { status: "completed" });
  });

  test("a click on a row opens the payment; the copy button does not", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/payments?status=completed");
    const answer = await expectView(page, { status: "completed" });
    const first = page.locator("tbody tr").first();
    await first.getByRole("button", { name: "Copy Reference code" }).click();
    await expect(page).toHaveURL(/\/payments\?status=completed$/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(answer.payments[0]!.reference_code);
    // Said on the button and to screen readers, then back to "Copy" after a moment.
    await expect(first.getByRole("button", { name: "Copied: Reference code" })).toBeVisible();
    await expect(page.getByTestId("copy-announcer")).toHaveText("Copied");
    await expect(first.getByRole("button", { name: "Copy Reference code" })).toBeVisible();
    await first.getByRole("button", { name: "Copy End-to-end ID" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(answer.payments[0]!.end_to_end);
    await first.locator("td[data-column='value_cents']").click();
    await expect(page).toHaveURL(new RegExp(`/payments/${encodeURIComponent(answer.payments[0]!.idempotent_id)}$`));
  });

  test("the reference link opens the payment inside the app; a Ctrl+click opens it in a new tab", async ({ page, context }) => {
    await page.goto("/payments?status=completed");
    const answer = await expectView(page, { status: "completed" });
    const link = page.locator("tbody tr").first().getByRole("link", { name: answer.payments[0]!.reference_code });
    const [popup] = await Promise.all([context.waitForEvent("page"), link.click({ modifiers: ["ControlOrMeta"] })]);
    await expect(popup).toHaveURL(new RegExp(`/payments/${encodeURIComponent(answer.payments[0]!.idempotent_id)}$`));
    await popup.close();
    await expect(page).toHaveURL(/\/payments\?status=completed$/);
    // A plain click is an in-app navigation: the document (and this marker) stays.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/payments/${encodeURIComponent(answer.payments[0]!.idempotent_id)}$`));
    await expect(page.getByRole("article", { name: "Payment detail" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test("the column chooser and density stick across reloads; the partner ID is one click away", async ({ page }) => {
    await page.goto("/payments?status=completed");
    const answer = await expectView(page, { status: "completed" });
    // Shown at first: what fits 1440 px; the partner ID, key and cancellation reason wait in Columns.
    await expect(page.getByRole("columnheader", { name: "End-to-end ID" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Partner ID" })).toHaveCount(0);
    await page.getByRole("button", { name: "Columns" }).click();
    await page.getByRole("checkbox", { name: "Partner ID" }).check();
    await page.getByRole("checkbox", { name: "End-to-end ID" }).uncheck();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Columns" })).toBeFocused();
    await expect(page.getByRole("columnheader", { name: "End-to-end ID" })).toHaveCount(0);
    await expect(page.locator("tbody tr").first().locator("td[data-column='idempotent_id']")).toContainText(answer.payments[0]!.idempotent_id);
    await page.getByRole("button", { name: "Compact rows" }).click();
    await expect(page.getByRole("button", { name: "Compact rows" })).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(page.getByRole("columnheader", { name: "End-to-end ID" })).toHaveCount(0);
    await expect(page.getByRole("columnheader", { name: "Partner ID" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Compact rows" })).toHaveAttribute("aria-pressed", "true");
    // Put things back for the other tests of this user.
    await page.getByRole("button", { name: "Columns" }).click();
    await page.getByRole("button", { name: "Default columns" }).click();
    await page.getByRole("button", { name: "Compact rows" }).click();
    await expect(page.getByRole("columnheader", { name: "End-to-end ID" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Partner ID" })).toHaveCount(0);
  });

  test("at 1440 px the default columns fit without sideways scrolling and the header stays in view", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/payments");
    await expectView(page, {});
    const box = page.locator("div[aria-busy]").filter({ has: page.locator("table") });
    expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
    // Scrolled half-way down the 100 rows, the column names sit right under the app header.
    await page.locator("tbody tr").nth(50).scrollIntoViewIfNeeded();
    const header = await page.getByRole("banner").boundingBox();
    const columns = await page.locator("thead").boundingBox();
    expect(Math.round(columns!.y)).toBe(Math.round(header!.y + header!.height));
    await expect(page.getByRole("columnheader", { name: "Amount" })).toBeInViewport();
  });

  test("a cut value shows in full on hover (title) and when its row has the focus", async ({ page }) => {
    await page.goto("/payments?status=completed");
    const answer = await expectView(page, { status: "completed" });
    const row = page.locator("tbody tr").first();
    const e2e = row.locator("td[data-column='end_to_end'] span[title]");
    await expect(e2e).toHaveAttribute("title", answer.payments[0]!.end_to_end!);
    const cut = async () => e2e.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(await cut()).toBe(true);
    await row.focus();
    await expect.poll(cut).toBe(false);
    await expect(e2e).toHaveText(answer.payments[0]!.end_to_end!);
  });

  test("on a phone (390 px) rows become cards of labelled values, nothing scrolls sideways", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/payments?status=completed");
    const answer = await expectView(page, { status: "completed" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const card = page.locator("tbody tr").first();
    expect(await card.evaluate((el) => getComputedStyle(el).display)).toBe("block");
    const amount = card.locator("td[data-column='value_cents']");
    await expect(amount).toHaveAttribute("data-label", "Amount");
    // The label is the cell's ::before (from data-label); the column headers are for screen readers only.
    expect(await amount.evaluate((el) => getComputedStyle(el, "::before").content)).toMatch(/^("Amount"|attr\(data-label\))$/);
    expect((await page.locator("thead").boundingBox())?.height ?? 0).toBeLessThanOrEqual(1);
    // Whole values, not cut: the end-to-end ID wraps inside the card.
    await expect(card.locator("td[data-column='end_to_end'] span[title]")).toHaveText(answer.payments[0]!.end_to_end!);
    expect(await card.locator("td[data-column='end_to_end'] span[title]").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.screenshot({ path: "test-results/shots/payments-390-cards.png" });
  });

  test("screenshots: light and dark, 1280 and 1024 wide", async ({ page }) => {
    for (const width of [1280, 1024]) {
      for (const colorScheme of ["light", "dark"] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme });
        await page.goto("/payments?status=canceled&receiver_name=a");
        await expectView(page, { status: "canceled", receiver_name: "a" });
        // At both widths nothing but the table itself scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `test-results/shots/payments-${width}-${colorScheme}.png` });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/payments");
    await expectView(page, {});
    await page.getByLabel("Paid at", { exact: true }).click();
    await page.getByRole("dialog").getByLabel("From").fill(brazilDayTyped(3));
    await page.screenshot({ path: "test-results/shots/payments-range-open.png" });
  });
});
