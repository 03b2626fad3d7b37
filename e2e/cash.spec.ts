import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { E2E, storageStateFor, type E2EAccount } from "./env";
import { SHOTS, freshCpf } from "./register-helpers";

/**
 * The cash position in Portuguese: two payables approved for the same day beyond the
 * balance make that day a shortfall on /cash (the chart marks it, the day's list links both) and,
 * at the next alert run, a "Falta de saldo prevista" alert in the bell; cancelled, the day recovers.
 * At 1440 and 390 px.
 */
test.describe.configure({ mode: "serial" });

const ORIGIN = { origin: E2E.appUrl };
const stamp = Date.now().toString(36);
const made: string[] = [];

async function pageAs(browser: Browser, account: E2EAccount, width: number): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStateFor(account), baseURL: E2E.appUrl, viewport: { width, height: width < 500 ? 844 : 900 } });
  await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
  return context.newPage();
}

function brazilDay(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date(Date.now() + days * 86_400_000));
}
const shown = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

async function approve(request: APIRequestContext, id: string) {
  expect((await request.post("/api/me/step-up", { data: { password: E2E.password }, headers: ORIGIN })).status()).toBe(200);
  const res = await request.post(`/api/transfers/${id}/approve`, { headers: ORIGIN });
  expect(res.status(), await res.text()).toBe(200);
}

test("two payables approved for one day beyond the balance: a shortfall on /cash, then in the bell; cancelled, the day recovers", async ({ browser }) => {
  test.setTimeout(180_000);
  const day = brazilDay(5);
  const operator = await pageAs(browser, "operator", 1440);
  const { balance } = (await (await operator.request.get("/api/balance")).json()) as { balance: { available_cents: number } };
  // Each at most the largest transfer; together R$ 1.000,00 more than the balance.
  const each = Math.min(100_000_000, Math.ceil((balance.available_cents + 100_000) / 2));
  for (const i of [1, 2]) {
    const res = await operator.request.post("/api/transfers", {
      data: {
        idempotent_id: `e2e-cash-${stamp}-${i}`,
        value_cents: each,
        initiation_type: "dict",
        receiver_name: `Construtora Horizonte ${stamp} ${i}`,
        receiver_document: freshCpf(),
        pix_key_type: "email",
        pix_key: `obra${i}-${stamp}@example.com`,
        scheduled_for: day,
      },
      headers: ORIGIN,
    });
    expect(res.status(), await res.text()).toBe(201);
    made.push(((await res.json()) as { transfer: { id: string } }).transfer.id);
  }
  // Awaiting approval they are apart (they may be rejected): no shortfall yet.
  const position = async () => (await (await operator.request.get("/api/cash-position?days=30")).json()) as { shortfalls: Array<{ date: string; missing_cents: number }> };
  expect((await position()).shortfalls.filter((s) => s.date === day)).toEqual([]);
  const approver = await pageAs(browser, "approver", 1440);
  const approver2 = await pageAs(browser, "approver2", 1440);
  for (const id of made) {
    await approve(approver.request, id);
    await approve(approver2.request, id);
  }
  const short = (await position()).shortfalls.find((s) => s.date === day);
  expect(short, "the day is short once both are approved").toBeDefined();

  // /cash as a viewer: the alert box names the day and what is missing; the day's list links both.
  const viewer = await pageAs(browser, "viewer", 1440);
  await viewer.goto("/cash");
  await expect(viewer.getByRole("heading", { name: "Caixa", level: 1 })).toBeVisible();
  const box = viewer.getByTestId("cash-shortfalls");
  await expect(box).toContainText(`${shown(day)}: faltam`);
  await box.getByRole("button", { name: new RegExp(shown(day)) }).click();
  await expect(viewer).toHaveURL(new RegExp(`day=${day}`));
  const detail = viewer.getByTestId("cash-day");
  await expect(detail).toHaveAttribute("data-day", day);
  for (const id of made) await expect(detail.locator(`a[href="/transfers/${id}"]`)).toBeVisible();
  await expect(viewer.locator(`[data-testid=cash-chart] circle[data-shortfall="${day}"]`)).toHaveCount(1);
  await expect(viewer.locator(`[data-testid=cash-days] tr[data-day="${day}"]`)).toHaveAttribute("data-short", "true");
  await viewer.screenshot({ path: `${SHOTS}/cash-shortfall-pt-1440.png`, fullPage: true });

  await viewer.setViewportSize({ width: 390, height: 844 });
  await expect(viewer.locator(`ul li[data-day="${day}"]`)).toHaveAttribute("data-short", "true");
  await viewer.screenshot({ path: `${SHOTS}/cash-shortfall-pt-390.png`, fullPage: true });

  // The next alert run (each minute) raises it for that day: in the admin's bell.
  const admin = await pageAs(browser, "admin", 1440);
  const live = async () =>
    ((await (await admin.request.get("/api/alerts?state=open")).json()) as { alerts: Array<{ rule: string; subject: { id: string } }> }).alerts.filter(
      (a) => a.rule === "projected_shortfall" && a.subject.id === day,
    ).length;
  await expect.poll(live, { timeout: 90_000, intervals: [2_000] }).toBe(1);
  await admin.goto("/alerts");
  await expect(admin.getByText("Falta de saldo prevista").first()).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/cash-shortfall-alert-pt-1440.png`, fullPage: true });

  // The maker cancels both: the day recovers, and the alert resolves at the next run.
  for (const id of made) {
    const res = await operator.request.post(`/api/transfers/${id}/cancel`, { data: { reason: "Reagendado" }, headers: ORIGIN });
    expect(res.status(), await res.text()).toBe(200);
  }
  expect((await position()).shortfalls.filter((s) => s.date === day)).toEqual([]);
  await expect.poll(live, { timeout: 90_000, intervals: [2_000] }).toBe(0);
});

test("the overview's 'Próximos 7 dias' card: out, in and the lowest balance, linking to /cash", async ({ browser }) => {
  const page = await pageAs(browser, "viewer", 1440);
  await page.goto("/");
  const card = page.getByTestId("next-days-card");
  await expect(card.getByRole("heading", { name: "Próximos 7 dias" })).toBeVisible();
  await expect(card.getByTestId("next-days-lowest")).toContainText("R$");
  await card.getByRole("link", { name: "Ver a posição de caixa" }).click();
  await expect(page).toHaveURL(/\/cash$/);
});
