import { expect, test, type Page } from "@playwright/test";
import { addCalendarDays } from "../lib/insights/buckets";
import { formatBrazilDay } from "../lib/pix/date-input";
import { brazilDayKey } from "../lib/pix/time";
import { E2E, storageStateFor } from "./env";

/**
 * The overview (`/`) as finance staff (viewer) use it: its figures equal the payments table's
 * `meta` for the same filters, the total value splits into completed, in flight and canceled,
 * and a click on a bar opens a table whose totals are that bar. A past range (ending yesterday)
 * keeps the figures still while other specs register payments. The viewer's session is English;
 * the Portuguese tests set their own cookie.
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
const figure = (page: Page, testId: string) => page.getByTestId(testId).locator("[data-value]").first();

/** The headline and both table alternatives have loaded (not the skeletons). */
async function loaded(page: Page) {
  await expect(figure(page, "headline-count")).toBeVisible();
  await expect(page.getByTestId("status-table")).toBeAttached();
  await expect(page.getByTestId("time-table")).toBeAttached();
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
}

async function portuguese(page: Page) {
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
}

/** No headline figure is cut: each fits its own box and its card, and nothing scrolls sideways. */
async function expectNoClippedFigures(page: Page) {
  const problems = await page.locator("section[aria-label] [data-value]").evaluateAll((els) =>
    els.flatMap((el) => {
      const box = el.getBoundingClientRect();
      const card = el.closest("[data-testid^=headline-]")?.getBoundingClientRect();
      const cut = el.scrollWidth > el.clientWidth + 1 || (card ? box.right > card.right + 0.5 || box.left < card.left - 0.5 : false);
      return cut ? [`${el.textContent} (${el.scrollWidth} > ${el.clientWidth})`] : [];
    }),
  );
  expect(problems).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  // The custom range's days show whole too (dd/mm/aaaa never cut).
  const cutDays = await page.locator("[data-date-input]").evaluateAll((els) =>
    els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => (el as HTMLInputElement).value),
  );
  expect(cutDays).toEqual([]);
}

test.describe("overview", () => {
  test("headline, status and time figures equal the table's meta; the total value splits into completed, in flight and canceled", async ({ page }) => {
    const range = pastRange();
    await page.goto(`/?from=${range.from}&to=${range.to}`);
    await loaded(page);

    const whole = await metaOf(page, bounds(range));
    expect(whole.total_items_amount).toBeGreaterThan(0);
    await expect(figure(page, "headline-count")).toHaveAttribute("data-value", String(whole.total_items_amount));
    await expect(figure(page, "headline-value")).toHaveAttribute("data-value", String(whole.total_value_cents));
    const completed = await metaOf(page, { ...bounds(range), status: "completed" });
    const canceled = await metaOf(page, { ...bounds(range), status: "canceled" });
    await expect(figure(page, "headline-completed")).toHaveAttribute("data-value", String(completed.total_value_cents));
    await expect(figure(page, "headline-canceled")).toHaveAttribute("data-value", String(canceled.total_value_cents));
    await expect(page.getByTestId("headline-canceled-count")).toHaveAttribute("data-value", String(canceled.total_items_amount));
    let inFlight = 0;
    for (const status of ["authorization_pending", "auto_authorization", "sent"]) inFlight += (await metaOf(page, { ...bounds(range), status })).total_value_cents;
    await expect(figure(page, "headline-in-flight")).toHaveAttribute("data-value", String(inFlight));
    expect(completed.total_value_cents + inFlight + canceled.total_value_cents).toBe(whole.total_value_cents);

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
    const counts = await cells.evaluateAll((els) => els.map((e) => [Number(e.getAttribute("data-count")), Number(e.getAttribute("data-value-cents"))]));
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

  test("presets, URL state, payment dates and a custom range typed dd/mm/yyyy", async ({ page }) => {
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
    await expect(figure(page, "headline-count")).toHaveAttribute("data-value", String(paid.total_items_amount));
    await expect(page.getByTestId("overview-range")).toHaveText(
      `Payments paid from ${formatBrazilDay(range.from)} to ${formatBrazilDay(range.to)} · Brazil time`,
    );

    // The custom range is typed dd/mm/yyyy; one longer than 93 days switches to weekly by itself.
    const custom = page.getByRole("form", { name: "Custom date range" });
    await expect(custom.locator("input[type=date]")).toHaveCount(0);
    await custom.getByLabel("From", { exact: true }).fill(formatBrazilDay(addCalendarDays(today(), -120)));
    await custom.getByLabel("To", { exact: true }).fill(formatBrazilDay(today()));
    await custom.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`from=${addCalendarDays(today(), -120)}&to=${today()}.*group_by=week`));
    await expect(page.getByTestId("time-card").getByRole("heading")).toHaveText("Value per week by status");
  });

  test("a range with nothing in it says so", async ({ page }) => {
    await page.goto("/?from=2001-01-01&to=2001-01-31");
    await expect(page.getByTestId("status-card-empty")).toContainText("No payments registered from 01/01/2001 to 31/01/2001.");
    await expect(figure(page, "headline-count")).toHaveAttribute("data-value", "0");
  });

  test("in Portuguese: every word, charts and tooltips included, dates dd/mm", async ({ page }) => {
    await portuguese(page);
    const range = pastRange();
    await page.goto(`/?from=${range.from}&to=${range.to}`);
    await loaded(page);
    await expect(page).toHaveTitle(/Visão geral/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Visão geral");
    await expect(page.getByTestId("overview-range")).toHaveText(
      `Pagamentos registrados de ${formatBrazilDay(range.from)} a ${formatBrazilDay(range.to)} · horário de Brasília`,
    );
    await expect(page.getByTestId("headline-value")).toContainText("Valor total");
    for (const [testId, word] of [["headline-completed", "Concluído"], ["headline-in-flight", "Em andamento"], ["headline-canceled", "Cancelado"]]) {
      await expect(page.getByTestId(testId!)).toContainText(word!);
    }
    await expect(page.getByTestId("time-card").getByRole("heading")).toHaveText("Valor por dia, por situação");
    await expect(page.getByRole("list", { name: "Legenda" })).toContainText("Aguardando autorização");
    // Axis ticks: amounts on one axis (R$ …), days dd/mm on the other; drawn once the chart knows its width.
    const ticks = page.locator("[data-testid=time-chart] text.recharts-cartesian-axis-tick-value");
    await expect(ticks.first()).toBeVisible();
    const days = (await ticks.allTextContents()).filter((tick) => !tick.startsWith("R$"));
    expect(days.length).toBeGreaterThan(0);
    for (const tick of days) expect(tick).toMatch(/^\d{2}\/\d{2}$/);
    await page.locator("[data-testid=time-chart] g[data-status=completed] path").nth(3).hover();
    const tooltip = page.getByTestId("time-chart").locator(".recharts-tooltip-wrapper");
    await expect(tooltip).toContainText("Concluído");
    await expect(tooltip).toContainText("Clique numa barra para abrir esses pagamentos");
    await expect(tooltip).toContainText(/R\$\s?\d/);
    const refused = await page.request.get("/api/insights?from=2026-01-01&to=2026-04-30");
    expect(((await refused.json()) as { error: string }).error).toMatch(/^120 dias é muito para mostrar por dia/);
  });

  for (const width of [1440, 390]) {
    test(`KPI amounts never clip at ${width} px (pt-BR, light and dark, screenshots)`, async ({ page }) => {
      await portuguese(page);
      await page.setViewportSize({ width, height: 900 });
      const range = pastRange();
      // A long range: the largest amounts the seeded data holds.
      const long = { from: addCalendarDays(today(), -89), to: addCalendarDays(today(), -1) };
      for (const [r, group] of [[range, "day"], [long, "week"]] as const) {
        await page.goto(`/?from=${r.from}&to=${r.to}&group_by=${group}`);
        await loaded(page);
        await expectNoClippedFigures(page);
      }
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        await page.goto(`/?from=${range.from}&to=${range.to}`);
        await loaded(page);
        await page.screenshot({ path: `test-results/shots/overview-pt-${width}-${colorScheme}.png`, fullPage: true });
      }
      await page.emulateMedia({ colorScheme: "light" });
      await page.locator("[data-testid=time-chart] g[data-status=completed] path").nth(5).hover();
      await page.screenshot({ path: `test-results/shots/overview-pt-${width}-tooltip.png` });
    });
  }
});
