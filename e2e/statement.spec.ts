import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { E2E, storageStateFor } from "./env";
import { expectHydrated } from "./hydrated";

/**
 * The statement (extrato) as a viewer in Portuguese: a period of the seeded history, its totals,
 * the movements, the OFX file from the export button agreeing with the screen; screenshots at
 * 1440 and 390 px to look at.
 */
test.use({ storageState: storageStateFor("viewer") });

const SHOTS = "test-results/shots";

function brazilDay(daysAgo: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date(Date.now() - daysAgo * 86_400_000));
}
const PERIOD = { start: brazilDay(30), end: brazilDay(1) };
const BRL = (cents: number) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(cents / 100);

type Answer = { totals: { in_cents: number; out_cents: number }; counts: { in: number; out: number }; movements: unknown[]; balances: { opening_cents: number; closing_cents: number } };

async function openStatement(page: Page) {
  await page.goto(`/statement?start=${PERIOD.start}&end=${PERIOD.end}`);
  await expectHydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Extrato" })).toBeVisible();
  // A table from `sm` up, one card per movement on a phone.
  await expect(page.locator("[data-testid=statement-table]:visible, [data-testid=statement-list]:visible")).toHaveCount(1);
}

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
});

test("the period's totals and movements, as the API counts them, at 1440 and 390 px", async ({ page }) => {
  const answer = (await (await page.request.get(`/api/statement?start=${PERIOD.start}&end=${PERIOD.end}`)).json()) as Answer;
  expect(answer.counts.in + answer.counts.out).toBeGreaterThan(0);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openStatement(page);
  await expect(page.getByTestId("statement-in")).toContainText(BRL(answer.totals.in_cents));
  await expect(page.getByTestId("statement-out")).toContainText(BRL(answer.totals.out_cents));
  // The period's opening and closing balances, and how they were computed.
  expect(answer.balances.closing_cents - answer.balances.opening_cents).toBe(answer.totals.in_cents - answer.totals.out_cents);
  await expect(page.getByTestId("statement-opening")).toContainText(BRL(answer.balances.opening_cents));
  await expect(page.getByTestId("statement-closing")).toContainText(BRL(answer.balances.closing_cents));
  await expect(page.getByTestId("statement-balances-note")).toContainText("o provedor não guarda o histórico do saldo");
  await expect(page.getByTestId("statement-table").locator("tbody tr")).toHaveCount(answer.movements.length);
  await page.screenshot({ path: `${SHOTS}/statement-1440.png`, fullPage: false });

  await page.setViewportSize({ width: 390, height: 844 });
  await openStatement(page);
  await page.screenshot({ path: `${SHOTS}/statement-390.png`, fullPage: false });
  await expect(page.getByTestId("statement-list").locator("li")).toHaveCount(answer.movements.length);
  await page.getByTestId("statement-list").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/statement-390-table.png`, fullPage: false });
  // Nothing wider than the screen but the table's own scroller.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("a preset changes the period in the URL; the OFX from the export button holds the movements of the screen", async ({ page }) => {
  await openStatement(page);
  await page.getByRole("button", { name: "Últimos 7 dias" }).click();
  await expect(page).toHaveURL(/start=\d{4}-\d{2}-\d{2}&end=\d{4}-\d{2}-\d{2}/);
  await page.goto(`/statement?start=${PERIOD.start}&end=${PERIOD.end}`);
  await expectHydrated(page);
  const answer = (await (await page.request.get(`/api/statement?start=${PERIOD.start}&end=${PERIOD.end}`)).json()) as Answer;
  await page.getByTestId("statement-export-button").click();
  const [saved] = await Promise.all([page.waitForEvent("download"), page.getByTestId("statement-export-ofx").click()]);
  expect(saved.suggestedFilename()).toMatch(new RegExp(`^extrato_${PERIOD.start}_${PERIOD.end}_.*\\.ofx$`));
  const text = readFileSync((await saved.path())!, "latin1");
  expect(text.startsWith("OFXHEADER:100\r\n")).toBe(true);
  const amounts = [...text.matchAll(/<TRNAMT>(-?\d+\.\d{2})/g)].map((m) => Math.round(Number(m[1]) * 100));
  expect(amounts).toHaveLength(answer.counts.in + answer.counts.out);
  expect(amounts.reduce((a, b) => a + b, 0)).toBe(answer.totals.in_cents - answer.totals.out_cents);
});
