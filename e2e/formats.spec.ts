import { expect, test, type Locator, type Page } from "@playwright/test";
import { E2E, storageStateFor } from "./env";

/**
 * Brazilian formats whatever the browser's locale: dates are typed dd/mm/aaaa in text fields
 * (never a native date input, which an American browser shows as mm/dd/yyyy), impossible days
 * are named in the UI's language, a calendar can be worked by keyboard, and what is typed
 * reaches the URL as the list's own format. Both languages; an American browser for English.
 */
function brazilDay(daysAgo: number): string {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(at);
}
const typed = (day: string) => `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

async function language(page: Page, locale: "pt-BR" | "en") {
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: E2E.appUrl }]);
}

async function openRegisteredFilter(page: Page, dialogName: string): Promise<Locator> {
  await page.goto("/payments");
  await expect(page.getByTestId("total-payments")).toHaveAttribute("data-value", /\d+/);
  await page.locator("[data-filter-key=registration_start_date]").click();
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect(dialog).toBeVisible();
  return dialog;
}

const words = {
  "pt-BR": { dialog: "Período: Registrado em", from: "De", to: "Até", apply: "Aplicar", placeholder: "dd/mm/aaaa", notADay: "Essa data não existe no calendário.", incomplete: "Digite a data completa, como 31/12/2026.", order: "O dia inicial é depois do dia final.", calendar: "Abrir calendário" },
  en: { dialog: "Registered at date range", from: "From", to: "To", apply: "Apply", placeholder: "dd/mm/yyyy", notADay: "That day does not exist in the calendar.", incomplete: "Enter the whole date, like 31/12/2026 (day/month/year).", order: "The start day is after the end day.", calendar: "Open calendar" },
} as const;

for (const locale of ["pt-BR", "en"] as const) {
  test.describe(`date fields in ${locale}`, () => {
    test.use({ storageState: storageStateFor("viewer"), ...(locale === "en" ? { locale: "en-US" } : {}) });
    const w = words[locale];

    test("the payments date range is typed dd/mm/aaaa, refuses impossible days in words, and reaches the URL", async ({ page }) => {
      await language(page, locale);
      const dialog = await openRegisteredFilter(page, w.dialog);
      await expect(page.locator("input[type=date]")).toHaveCount(0);
      const from = dialog.getByLabel(w.from, { exact: true });
      const to = dialog.getByLabel(w.to, { exact: true });
      await expect(from).toHaveAttribute("placeholder", w.placeholder);
      await expect(from).toHaveAttribute("inputmode", "numeric");

      // An impossible day, then a half-typed one: said under the field once it is left; Apply stays off.
      await from.pressSequentially("31022026");
      await expect(from).toHaveValue("31/02/2026");
      await to.click();
      await expect(dialog.getByRole("alert")).toHaveText(w.notADay);
      await expect(from).toHaveAttribute("aria-invalid", "true");
      await expect(dialog.getByRole("button", { name: w.apply })).toBeDisabled();
      await from.fill("0103");
      await to.click();
      await expect(dialog.getByRole("alert")).toHaveText(w.incomplete);

      // Days in the wrong order are named too.
      await from.fill(typed(brazilDay(10)));
      await to.fill(typed(brazilDay(20)));
      await expect(dialog.getByRole("alert")).toHaveText(w.order);
      await expect(dialog.getByRole("button", { name: w.apply })).toBeDisabled();

      // Typed digits get their slashes; the range reaches the URL in the list's format.
      await to.fill("");
      await to.pressSequentially(typed(brazilDay(5)).replace(/\//g, ""));
      await expect(to).toHaveValue(typed(brazilDay(5)));
      await dialog.getByRole("button", { name: w.apply }).click();
      await expect(page).toHaveURL(
        (url) =>
          url.searchParams.get("registration_start_date") === `${brazilDay(10)}T00:00:00` &&
          url.searchParams.get("registration_end_date") === `${brazilDay(5)}T23:59:59`,
      );
      // The trigger reads the range back as dd/mm/aaaa.
      await expect(page.locator("[data-filter-key=registration_start_date]")).toContainText(typed(brazilDay(10)));
    });

    test("a day can be picked from the calendar by keyboard", async ({ page }) => {
      await language(page, locale);
      const dialog = await openRegisteredFilter(page, w.dialog);
      const from = dialog.getByLabel(w.from, { exact: true });
      await from.fill(typed(brazilDay(3)));
      await dialog.getByRole("button", { name: w.calendar }).first().click();
      const grid = dialog.getByRole("grid");
      await expect(grid).toBeVisible();
      await expect(page.locator(`[data-day='${brazilDay(3)}']`)).toBeFocused();
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("Enter");
      await expect(grid).toHaveCount(0);
      await expect(from).toHaveValue(typed(brazilDay(11)));
      // Escape closes a calendar without choosing, and focus goes back to its button.
      await dialog.getByRole("button", { name: w.calendar }).first().click();
      await page.keyboard.press("Escape");
      await expect(dialog.getByRole("grid")).toHaveCount(0);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("button", { name: w.calendar }).first()).toBeFocused();
      await expect(from).toHaveValue(typed(brazilDay(11)));
    });
  });
}

test.describe("audit log filters", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("days typed dd/mm/aaaa filter the log and come back as typed", async ({ page }) => {
    await language(page, "pt-BR");
    await page.goto("/audit");
    const form = page.getByRole("search", { name: "Filtrar a trilha de auditoria" });
    await expect(form.locator("input[type=date]")).toHaveCount(0);
    await form.getByLabel("De", { exact: true }).fill(typed(brazilDay(2)));
    await form.getByLabel("Até", { exact: true }).fill(typed(brazilDay(0)));
    // The admin's own entries: other specs on this stack write many newer ones that fill page 1.
    await form.getByLabel("Usuário (e-mail contém)").fill("admin@demo.test");
    await form.getByRole("button", { name: "Aplicar filtros" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("from") === brazilDay(2) && url.searchParams.get("to") === brazilDay(0));
    await expect(form.getByLabel("De", { exact: true })).toHaveValue(typed(brazilDay(2)));
    await expect(page.getByRole("table")).toContainText("admin@demo.test");
  });
});

test.describe("screenshots of the filters in pt-BR", () => {
  for (const width of [1440, 390]) {
    test(`payments date range and audit filters at ${width} px`, async ({ browser }) => {
      for (const role of ["viewer", "admin"] as const) {
        const context = await browser.newContext({ storageState: storageStateFor(role), viewport: { width, height: 900 } });
        await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
        const page = await context.newPage();
        if (role === "viewer") {
          const dialog = await openRegisteredFilter(page, words["pt-BR"].dialog);
          await dialog.getByLabel("De", { exact: true }).fill("31/02/2026");
          await dialog.getByLabel("Até", { exact: true }).click();
          await expect(dialog.getByRole("alert")).toBeVisible();
          await page.screenshot({ path: `test-results/shots/payments-date-filter-pt-${width}-error.png` });
          await dialog.getByRole("button", { name: "Abrir calendário" }).last().click();
          await expect(dialog.getByRole("grid")).toBeVisible();
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await page.screenshot({ path: `test-results/shots/payments-date-filter-pt-${width}-calendar.png` });
        } else {
          await page.goto(`/audit?from=${brazilDay(7)}&to=${brazilDay(0)}`);
          await expect(page.getByRole("search", { name: "Filtrar a trilha de auditoria" })).toBeVisible();
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await page.screenshot({ path: `test-results/shots/audit-filters-pt-${width}.png` });
        }
        await context.close();
      }
    });
  }
});
