import { expect, test, type Page } from "@playwright/test";
import { addCalendarDays } from "../lib/insights/buckets";
import { brazilDayKey } from "../lib/pix/time";
import { storageStateFor } from "./env";

/**
 * The overview (`/`) as finance staff (viewer) use it: its figures equal the payments table's
 * `meta` for the same filters, and a click on a bar opens a table whose totals are that bar.
 * A past range (ending yesterday) keeps the figures still while other specs register payments.
 */
test.use({ storageState: storageStateFor("viewer") });

type Meta = { total_items_amount: number; total_value_cents: number };

async function metaOf(page: Page, params: Record<string, string>): Promise<Meta> {
  const response = await page.request.get(`/api/payments?${new URLSearchParams(params).toString()}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { meta: Meta }).meta;
}

const today = () => brazilDayKey(new Date());
const pastRange = () => ({ from: addCalendarDays(today(), -21), to: addCalendarDays(today(), -1) });
const bounds = (r: { from: string; to: string }) => ({
  registration_start_date: `${r.from}T00:00:00`,
  registration_end_date: `${r.to}T23:59:59`,
});

/** The headline and both table alternatives have loaded (not the skeletons). */
async function loaded(page: Page) {
  await expect(page.getByTestId("headline-count").locator("[data-value]")).toBeVisible();
  await expect(page.getByTestId("status-table")).toBeAttached();
  await expect(page.getByTestId("time-table")).toBeAttached();
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
}

test.describe("overview", () => {
  test("headline, status and time figures equal the table's meta for the same filters", async ({ page }) => {
    const range = pastRange();
    await page.goto(`/?from=${range.from}&to=${range.to}`);
    await loaded(page);

    const whole = await metaOf(page, bounds(range));
    expect(whole.total_items_amount).toBeGreaterThan(0);
    await expect(page.getByTestId("headline-count").locator("[data-value]")).toHaveAttribute("data-value", String(whole.total_items_amount));
    await expect(page.getByTestId("headline-value").locator("[data-value]")).toHaveAttribute("data-value", String(whole.total_value_cents));
    const completed = await metaOf(page, { ...bounds(range), status: "completed" });
    const canceled = await metaOf(page, { ...bounds(range), status: "canceled" });
    await expect(page.getByTestId("headline-completed").locator("[data-value]")).toHaveAttribute("data-value", String(completed.total_value_cents));
    await expect(page.getByTestId("headline-canceled").locator("[data-value]")).toHaveAttribute("data-value", String(canceled.total_items_amount));

    // Each status row of the table alternative is that status's list meta.
    for (const status of ["authorization_pending", "auto_authorization", "sent", "completed", "canceled"]) {
      const meta = await metaOf(page, { ...bounds(range), status });
      const link = page.locator(`[data-testid=status-table] tr[data-status=${status}] a`);
      await expect(link).toHaveAttribute("data-count", String(meta.total_items_amount));
      await expect(link).toHaveAttribute("data-value-cents", String(meta.total_value_cents));
    }

    // The time table: one row per day, and its cells add up to the whole range.
    await expect(page.locator("[data-testid=time-table] tbody tr")).toHaveCount(21);
    const cells = page.locator("[data-testid=time-table] a[data-count]");
    const counts = (await cells.evaluateAll((els) => els.map((e) => [Number(e.getAttribute("data-count")), Number(e.getAttribute("data-value-cents"))])));
    expect(counts.reduce((s, [c]) => s + c!, 0)).toBe(whole.total_items_amount);
    expect(counts.reduce((s, [, v]) => s + v!, 0)).toBe(whole.total_value_cents);

    // Grouping by week keeps the same whole.
    await page.getByRole("group", { name: "Group by" }).getByRole("button", { name: "Week" }).click();
    await expect(page).toHaveURL(/group_by=week/);
    await expect(page.getByTestId("time-card").getByRole("heading")).toHaveText("Value per week by status");
    await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
    const weekly = await page
      .locator("[data-testid=time-table] a[data-count]")
      .evaluateAll((els) => els.reduce((s, e) => s + Number(e.getAttribute("data-value-cents")), 0));
    expect(weekly).toBe(whole.total_value_cents);
  });

  test("clicking a bar opens the payments table whose totals are that bar", async ({ page }) => {
    const range = pastRange();
    await page.goto(`/?from=${range.from}&to=${range.to}`);
    await loaded(page);

    // A completed segment of the stacked chart, on a day that has some.
    const cell = page.locator("[data-testid=time-table] td[data-status=completed] a:not([data-count='0'])").first();
    const bucket = await cell.evaluate((el) => el.closest("tr")?.getAttribute("data-bucket"));
    const count = await cell.getAttribute("data-count");
    const value = await cell.getAttribute("data-value-cents");
    await page.locator(`[data-testid=time-chart] g[data-status=completed][data-bucket='${bucket}'] path`).click();
    await expect(page).toHaveURL(new RegExp(`/payments\\?.*status=completed`));
    const url = new URL(page.url());
    expect(url.searchParams.get("registration_start_date")).toBe(`${bucket}T00:00:00`);
    expect(url.searchParams.get("registration_end_date")).toBe(`${bucket}T23:59:59`);
    await expect(page.getByTestId("total-payments")).toHaveAttribute("data-value", count!);
    await expect(page.getByTestId("total-value")).toHaveAttribute("data-value", value!);

    // The status chart: the canceled bar over the whole range.
    await page.goBack();
    await loaded(page);
    const canceled = page.locator("[data-testid=status-table] tr[data-status=canceled] a");
    const canceledCount = await canceled.getAttribute("data-count");
    await page.locator("[data-testid=status-chart] g[data-status=canceled] path").click();
    await expect(page).toHaveURL(/\/payments\?.*status=canceled/);
    expect(new URL(page.url()).searchParams.get("registration_start_date")).toBe(`${range.from}T00:00:00`);
    await expect(page.getByTestId("total-payments")).toHaveAttribute("data-value", canceledCount!);
  });

  test("presets, URL state and payment dates", async ({ page }) => {
    await page.goto("/");
    await loaded(page);
    const presets = page.getByRole("group", { name: "Date range presets" });
    await expect(presets.getByRole("button", { name: "Last 30 days" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator("[data-testid=time-table] tbody tr")).toHaveCount(30);

    await presets.getByRole("button", { name: "Last 7 days" }).click();
    await expect(page).toHaveURL(new RegExp(`from=${addCalendarDays(today(), -6)}&to=${today()}`));
    await expect(page.locator("[data-testid=time-table] tbody tr")).toHaveCount(7);

    // A shared link reproduces the view.
    await page.reload();
    await loaded(page);
    await expect(presets.getByRole("button", { name: "Last 7 days" })).toHaveAttribute("aria-pressed", "true");

    await page.getByLabel("Dates by").selectOption("payment");
    await expect(page).toHaveURL(/date_field=payment/);
    await loaded(page);
    const range = { from: addCalendarDays(today(), -6), to: today() };
    const paid = await metaOf(page, { payment_start_date: `${range.from}T00:00:00`, payment_end_date: `${range.to}T23:59:59` });
    await expect(page.getByTestId("headline-count").locator("[data-value]")).toHaveAttribute("data-value", String(paid.total_items_amount));

    // A custom range longer than 93 days switches to weekly by itself.
    await page.getByLabel("From", { exact: true }).fill(addCalendarDays(today(), -120));
    await page.getByLabel("To", { exact: true }).fill(today());
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/group_by=week/);
    await expect(page.getByTestId("time-card").getByRole("heading")).toHaveText("Value per week by status");
  });

  test("a range with nothing in it says so", async ({ page }) => {
    await page.goto("/?from=2001-01-01&to=2001-01-31");
    await expect(page.getByTestId("status-card-empty")).toContainText("No payments registered from 01/01/2001 to 31/01/2001");
    await expect(page.getByTestId("headline-count").locator("[data-value]")).toHaveAttribute("data-value", "0");
  });

  test("screenshots light and dark, tooltips, tables, and nothing scrolls sideways at 1024 px", async ({ page }) => {
    const range = pastRange();
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto(`/?from=${range.from}&to=${range.to}`);
      await loaded(page);
      // (axe, both themes: e2e/a11y.spec.ts)
      await page.screenshot({ path: `test-results/shots/overview-${colorScheme}.png`, fullPage: true });
      await page.locator("[data-testid=time-chart] g[data-status=completed] path").nth(5).hover();
      await page.screenshot({ path: `test-results/shots/overview-tooltip-${colorScheme}.png` });
    }
    await page.getByTestId("status-card").getByRole("button", { name: "Show table" }).click();
    await page.getByTestId("time-card").getByRole("button", { name: "Show table" }).click();
    await page.screenshot({ path: "test-results/shots/overview-tables-dark.png", fullPage: true });
    // A narrow laptop: nothing scrolls sideways.
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(`/?from=${range.from}&to=${range.to}&group_by=week`);
    await loaded(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await page.screenshot({ path: "test-results/shots/overview-1024-week-light.png", fullPage: true });
  });
});
