import { expect, test } from "@playwright/test";
import { E2E, storageStateFor } from "./env";
import { SHOTS, control, freshCpf, uniqueName } from "./register-helpers";

/**
 * Alerts reach people: an admin keeps /alerts open in Portuguese; the operator's transfer is
 * canceled by the provider after it was sent (the sandbox cancels an id with "cancel" when its
 * clock moves); the bell's count and the list change without a reload, and the admin's alert
 * e-mail is on /dev/mail (the e2e server runs with the demo's mail catcher). Looked at in
 * Portuguese at 1440 and 390 px.
 */
test.describe.configure({ mode: "serial" });

test("o sino conta ao vivo quando o provedor cancela uma transferência; /alerts em português a 1440 e a 390 px", async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStateFor("admin"), baseURL: E2E.appUrl, viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
  const page = await context.newPage();
  await page.goto("/alerts");
  await expect(page.getByRole("heading", { level: 1, name: "Alertas" })).toBeVisible();
  await expect(page.locator('[data-live-state="open"]')).toBeVisible({ timeout: 15_000 });
  const bell = page.getByTestId("alert-bell");
  await expect(bell).toHaveAttribute("data-unread", /^\d+$/);
  const before = Number(await bell.getAttribute("data-unread"));
  const navigations: string[] = [];
  page.on("framenavigated", (frame) => frame === page.mainFrame() && navigations.push(frame.url()));

  // The operator, elsewhere, sends R$ 43,21 to a receiver the provider will cancel it for.
  const operator = await browser.newContext({ storageState: storageStateFor("operator"), baseURL: E2E.appUrl });
  const name = uniqueName("alerta");
  const res = await operator.request.post("/api/transfers", {
    data: { idempotent_id: `e2e-alert-${Date.now().toString(36)}-cancel`, value_cents: 4_321, initiation_type: "dict", receiver_name: name, receiver_document: freshCpf(), pix_key_type: "email", pix_key: "alerta@example.com" },
    headers: { origin: E2E.appUrl },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { transfer } = (await res.json()) as { transfer: { id: string } };
  await expect
    .poll(async () => ((await (await operator.request.get(`/api/transfers/${transfer.id}`)).json()) as { transfer: { state: string } }).transfer.state, { timeout: 20_000 })
    .toBe("registered");
  for (let step = 0; step < 2; step++) await control(operator.request, "advance", { ms: E2E.clockStepMs });
  await expect
    .poll(async () => ((await (await operator.request.get(`/api/transfers/${transfer.id}`)).json()) as { transfer: { state: string } }).transfer.state, { timeout: 20_000 })
    .toBe("provider_canceled");

  // Live: the bell counts one more, and the alert shows at the top of the list, with no reload.
  await expect.poll(async () => Number(await bell.getAttribute("data-unread")), { timeout: 20_000 }).toBeGreaterThan(before);
  const card = page.locator('li[data-rule="transfer_not_paid"]', { hasText: name });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText("Transferência não paga");
  await expect(card).toContainText(`R$\u00a043,21 para ${name} · Cancelada pelo provedor`);
  await expect(card).toHaveAttribute("data-state", "open");
  expect(navigations).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/alerts-pt-1440.png`, fullPage: true });

  // Opening the bell lists it and marks everything seen.
  await bell.click();
  await expect(page.getByRole("group", { name: "Alertas" })).toContainText(name);
  await page.screenshot({ path: `${SHOTS}/alerts-bell-pt-1440.png` });
  await expect(bell).toHaveAttribute("data-unread", "0", { timeout: 10_000 });
  await page.keyboard.press("Escape");

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/alerts-pt-390.png`, fullPage: true });

  // Taken on with a note, then resolved: it moves to "Resolvidos" with who and why.
  await card.getByLabel("Nota").fill("Recebedor avisado; nova transferência criada");
  await card.getByRole("button", { name: "Resolver" }).click();
  await expect(card).toHaveCount(0, { timeout: 10_000 });
  await page.getByRole("button", { name: "Resolvidos" }).click();
  const resolved = page.locator('li[data-state="resolved"]', { hasText: name });
  await expect(resolved).toContainText("admin@demo.test resolveu em");
  await expect(resolved).toContainText("Recebedor avisado; nova transferência criada");
  await page.screenshot({ path: `${SHOTS}/alerts-resolved-pt-390.png`, fullPage: true });

  // The demo's mail catcher got the admin's alert e-mail and the operator's "canceled by the provider".
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect
    .poll(async () => {
      await page.goto("/dev/mail");
      return page.getByTestId("caught-mail").locator("li", { hasText: name }).count();
    }, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  await page.screenshot({ path: `${SHOTS}/dev-mail-pt-1440.png`, fullPage: true });
  await operator.close();
  await context.close();
});

test("as regras de alerta em português: para onde vão os alertas e cada limite", async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStateFor("admin"), baseURL: E2E.appUrl, viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
  const page = await context.newPage();
  await page.goto("/settings/alerts");
  await expect(page.getByTestId("alert-channels")).toHaveAttribute("data-email", "catcher");
  await expect(page.getByTestId("alert-channels")).toContainText("Webhook: não configurado");
  await expect(page.locator('[data-rule="transfer_not_final"] input[inputmode="numeric"]')).toHaveValue("30");
  await page.screenshot({ path: `${SHOTS}/alert-rules-pt-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/alert-rules-pt-390.png`, fullPage: true });
  await context.close();
});

test.describe("as a viewer", () => {
  test.use({ storageState: storageStateFor("viewer") });

  test("a viewer has no bell and may not open /alerts", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("alert-bell")).toHaveCount(0);
    expect((await page.goto("/alerts"))?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();
  });
});
