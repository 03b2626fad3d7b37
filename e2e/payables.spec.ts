import { expect, test, type Browser, type Page } from "@playwright/test";
import { formatBrazilDay } from "../lib/pix/date-input";
import { nonBusinessDay } from "../lib/pix/holidays";
import { addBrazilDays, brazilDayKey } from "../lib/pix/time";
import { E2E, storageStateFor, type E2EAccount } from "./env";
import { SHOTS, completingId, control, freshCpf } from "./register-helpers";

/**
 * Payables in Portuguese, as Brazilian finance staff use them: an operator saves a receiver on
 * /receivers, schedules a transfer from the form by choosing it, with a description and a cost
 * centre; the approver sees the description, the cost centre and "Favorecido salvo desde"; the
 * /transfers filters live in the URL (a reload keeps them). Each screen at 1440 and 390 px.
 */
test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36).slice(-5);
const NICKNAME = `Gráfica Ação ${RUN}`;
const RECEIVER_NAME = `Gráfica São João ${RUN} Ltda`;
const DOCUMENT = freshCpf();
const CENTRE = { code: `MKT-${RUN}`.toUpperCase(), name: "Marketing e eventos" };
const DESCRIPTION = `Impressão de folhetos NF ${RUN}`;
// A business day some days ahead: the transfer waits for it.
const DAY = (() => {
  for (let n = 8; ; n++) {
    const day = brazilDayKey(addBrazilDays(new Date(), n));
    if (!nonBusinessDay(day)) return day;
  }
})();
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function inPortuguese(browser: Browser, account: E2EAccount): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStateFor(account), baseURL: E2E.appUrl, viewport: WIDE });
  await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
  return context.newPage();
}

async function shots(page: Page, name: string) {
  await page.setViewportSize(WIDE);
  await page.screenshot({ path: `${SHOTS}/payables-${name}-1440.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/payables-${name}-390.png`, fullPage: true });
  await page.setViewportSize(WIDE);
}

let transferPath = "";

test("an admin keeps the cost centres on /settings/cost-centres", async ({ browser }) => {
  const admin = await inPortuguese(browser, "admin");
  // As on a busy server: the list's first load is read before the create and answers after it.
  // The list must still show the new centre (it is fetched again once that first answer is in).
  const created = admin.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/cost-centres");
  await admin.route(
    (url) => url.pathname === "/api/cost-centres" && url.searchParams.get("all") === "true",
    async (route) => {
      const response = await route.fetch();
      await created;
      await route.fulfill({ response });
    },
    { times: 1 },
  );
  await admin.goto("/settings/cost-centres");
  await expect(admin.getByRole("heading", { level: 1, name: "Centros de custo" })).toBeVisible();
  await admin.getByLabel("Código").fill(CENTRE.code.toLowerCase());
  await admin.getByLabel("Nome", { exact: true }).fill(CENTRE.name);
  await admin.getByRole("button", { name: "Criar" }).click();
  await expect(admin.getByRole("status").filter({ hasText: `Centro de custo ${CENTRE.code} criado.` })).toBeVisible();
  await expect(admin.locator(`[data-cost-centre="${CENTRE.code}"]`)).toContainText(CENTRE.name);
  // The same code again, whatever its case, is refused on its field.
  await admin.getByLabel("Código").fill(CENTRE.code);
  await admin.getByLabel("Nome", { exact: true }).fill("Outro");
  await admin.getByRole("button", { name: "Criar" }).click();
  await expect(admin.getByText(`O código ${CENTRE.code} já existe`)).toBeVisible();
  await shots(admin, "cost-centres");
  await admin.context().close();
});

test("/receivers: an operator saves a receiver with the form's own rules and finds it ignoring accents and case", async ({ browser }) => {
  const page = await inPortuguese(browser, "operator");
  await page.goto("/receivers");
  await expect(page.getByRole("heading", { level: 1, name: "Favorecidos" })).toBeVisible();
  await page.getByRole("button", { name: "Novo favorecido" }).click();
  const form = page.getByTestId("receiver-form");
  await form.getByLabel("Apelido").fill(NICKNAME);
  await form.getByLabel("Nome do recebedor").fill(RECEIVER_NAME);
  // A CPF with a wrong check digit is refused on its field before anything is sent.
  await form.getByLabel("CPF/CNPJ do recebedor").fill("111.444.777-36");
  await form.getByLabel("Tipo de chave").selectOption("email");
  await form.getByLabel("Chave Pix", { exact: true }).fill("financeiro@grafica.example");
  await form.getByRole("button", { name: "Salvar favorecido" }).click();
  await expect(form.getByText("Este CPF ou CNPJ não é válido (confira os dígitos)")).toBeVisible();
  await form.getByLabel("CPF/CNPJ do recebedor").fill(DOCUMENT);
  await form.getByRole("button", { name: "Salvar favorecido" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Favorecido “${NICKNAME}” salvo.` })).toBeVisible();

  // Search without accents, in capitals: found; the search is in the URL.
  await page.getByLabel("Buscar").fill(`GRAFICA ACAO ${RUN}`);
  await expect(page).toHaveURL(/[?&]q=GRAFICA/);
  const row = page.getByTestId("receivers-table").locator(`[data-receiver="${NICKNAME}"]`);
  await expect(row).toContainText(RECEIVER_NAME);
  await expect(row).toContainText(DOCUMENT);
  await expect(page.getByTestId("receivers-table").locator("tbody tr")).toHaveCount(1);
  await shots(page, "receivers");
  await page.context().close();
});

test("schedule a transfer from the form with the saved receiver, a description and a cost centre; it lands on its page", async ({ browser }) => {
  const page = await inPortuguese(browser, "operator");
  await page.goto("/payments/new");
  await expect(page.getByRole("heading", { level: 1, name: "Nova transferência" })).toBeVisible();
  await page.getByLabel("Valor").fill("1.500,00");
  // The saved receiver is offered as its name is typed (accents aside), then fills the form.
  const name = page.getByRole("combobox", { name: "Nome do recebedor" });
  await name.fill(`grafica sao joao ${RUN}`);
  await page.getByRole("option", { name: new RegExp(NICKNAME) }).click();
  await expect(name).toHaveValue(RECEIVER_NAME);
  await expect(page.getByLabel("CPF/CNPJ do recebedor")).toHaveValue(DOCUMENT);
  await expect(page.getByLabel("Chave Pix", { exact: true })).toHaveValue("financeiro@grafica.example");
  await expect(page.getByTestId("linked-receiver")).toContainText(NICKNAME);

  await page.getByLabel("Descrição").fill(DESCRIPTION);
  await page.getByLabel("Centro de custo").selectOption({ label: `${CENTRE.code} · ${CENTRE.name}` });
  await page.getByLabel("Agendar para").fill(formatBrazilDay(DAY));
  await expect(page.getByTestId("schedule-sends-at")).toHaveText(`Sai em ${formatBrazilDay(DAY)} às 08:00 (horário de Brasília), depois das aprovações.`);
  await shots(page, "form");

  await page.getByRole("button", { name: "Revisar" }).click();
  await expect(page.getByRole("heading", { name: "Revise a transferência" })).toBeVisible();
  await expect(page.getByTestId("review-description")).toHaveText(DESCRIPTION);
  await expect(page.getByTestId("review-schedule")).toContainText(`Em ${formatBrazilDay(DAY)} às 08:00`);
  await expect(page.locator("dd", { hasText: `${CENTRE.code} · ${CENTRE.name}` })).toBeVisible();
  await expect(page.locator("dd", { hasText: NICKNAME })).toBeVisible();
  await expect(page.getByTestId("review-approvals")).toHaveAttribute("data-approvals", "1");
  await shots(page, "review");

  await page.getByRole("button", { name: "Confirmar transferência" }).click();
  await expect(page).toHaveURL(/\/transfers\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  transferPath = new URL(page.url()).pathname;
  await expect(page.getByTestId("scheduled-for")).toHaveText(`Agendada para ${formatBrazilDay(DAY)} às 08:00.`);
  await expect(page.getByTestId("transfer-description")).toHaveText(DESCRIPTION);
  await expect(page.getByTestId("transfer-cost-centre")).toHaveText(`${CENTRE.code} · ${CENTRE.name}`);
  await shots(page, "scheduled");
  await page.context().close();
});

test("the approver sees the description, the cost centre and 'Favorecido salvo desde'", async ({ browser }) => {
  expect(transferPath).not.toBe("");
  const page = await inPortuguese(browser, "approver");
  await page.goto(transferPath);
  await expect(page.getByTestId("transfer-description")).toHaveText(DESCRIPTION);
  await expect(page.getByTestId("transfer-cost-centre")).toHaveText(`${CENTRE.code} · ${CENTRE.name}`);
  await expect(page.getByTestId("saved-receiver-since")).toHaveText(`Favorecido salvo desde ${formatBrazilDay(brazilDayKey(new Date()))} (${NICKNAME}).`);
  await expect(page.getByTestId("scheduled-for")).toContainText(`Agendada para ${formatBrazilDay(DAY)}`);
  await expect(page.getByRole("button", { name: "Aprovar" })).toBeVisible();
  await shots(page, "approver");
  await page.context().close();
});

test("/transfers: the filters live in the URL, a reload keeps them, totals follow them and a whole row opens the transfer", async ({ browser }) => {
  const page = await inPortuguese(browser, "operator");
  await page.goto("/transfers");
  await expect(page.getByRole("heading", { level: 1, name: "Transferências" })).toBeVisible();
  await page.getByLabel("Recebedor", { exact: true }).fill(`SAO JOAO ${RUN}`);
  await expect(page).toHaveURL(/[?&]receiver=SAO(\+|%20)JOAO/);
  await page.getByLabel("Centro de custo").selectOption({ label: `${CENTRE.code} · ${CENTRE.name}` });
  await page.getByLabel("Valor mínimo").fill("1.000,00");
  await page.getByLabel("Valor mínimo").press("Enter");
  await expect(page).toHaveURL(/[?&]min_cents=100000/);
  await expect(page).toHaveURL(/[?&]cost_centre=[0-9a-f-]{36}/);

  const rows = page.getByTestId("transfers-table").locator("tbody tr");
  const check = async () => {
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(RECEIVER_NAME);
    await expect(rows.first()).toContainText(CENTRE.code);
    await expect(page.getByTestId("transfer-totals")).toHaveText("1 transferência · R$ 1.500,00 no total");
  };
  await check();
  await shots(page, "transfers-filtered");

  await page.reload();
  await expect(page.getByLabel("Recebedor", { exact: true })).toHaveValue(`SAO JOAO ${RUN}`);
  await expect(page.getByLabel("Valor mínimo")).toHaveValue("1.000,00");
  await check();

  // A filter nothing matches: none, and the totals say so.
  await page.getByLabel("Valor mínimo").fill("2.000,00");
  await page.getByLabel("Valor mínimo").press("Enter");
  await expect(page.getByTestId("transfer-totals")).toHaveText("Nenhuma transferência");
  await page.goBack();
  await check();

  // Anywhere on the row opens it: a click where the cost centre is (the row's link covers it all).
  const cell = await rows.first().locator("td").nth(4).boundingBox();
  if (!cell) throw new Error("the row has no cost centre cell on screen");
  await page.mouse.click(cell.x + cell.width / 2, cell.y + cell.height / 2);
  await expect(page).toHaveURL(new RegExp(`${transferPath}$`));
  await page.context().close();
});

test("a monthly series of 3 from the form: the days it will create, then on its page every occurrence and 'Interromper série', asked first", async ({ browser }) => {
  const page = await inPortuguese(browser, "operator");
  await page.goto("/payments/new");
  await page.getByLabel("Valor").fill("45,00");
  await page.getByRole("combobox", { name: "Nome do recebedor" }).fill(`Série ${RUN}`);
  await page.getByLabel("CPF/CNPJ do recebedor").fill(freshCpf());
  await page.getByLabel("Tipo de chave").selectOption("email");
  await page.getByLabel("Chave Pix", { exact: true }).fill("assinaturas@exemplo.example");
  await page.getByLabel("Agendar para").fill(formatBrazilDay(DAY));
  await page.getByLabel("Repetir").selectOption("month");
  await page.getByLabel("Número de pagamentos").fill("3");
  const days = page.getByTestId("occurrence-days").locator("li");
  await expect(days).toHaveCount(3);
  await expect(days.first()).toHaveText(formatBrazilDay(DAY));
  await shots(page, "series-form");
  await page.getByRole("button", { name: "Revisar" }).click();
  await expect(page.getByTestId("review-schedule")).toContainText("Todo mês · 3 pagamentos, R$ 135,00 no total");
  await page.getByRole("button", { name: "Confirmar transferência" }).click();
  await expect(page).toHaveURL(/\/transfers\/[0-9a-f-]{36}$/, { timeout: 20_000 });

  const card = page.getByTestId("series-card");
  await expect(card.getByRole("heading")).toHaveText("Série: todo mês, 3 pagamentos");
  await expect(card.locator("li[data-state='scheduled']")).toHaveCount(3);
  await card.getByRole("button", { name: "Interromper série" }).click();
  await expect(card).toContainText("Interromper a série cancela os 3 pagamentos que ainda não saíram.");
  await shots(page, "series-stop");
  await card.getByRole("button", { name: "Sim, interromper" }).click();
  await expect(card.locator("li[data-state='canceled']")).toHaveCount(3);
  await expect(card.getByTestId("series-stopped")).toContainText("operator@demo.test");
  await expect(card.getByRole("button", { name: "Interromper série" })).toHaveCount(0);
  await page.context().close();
});

test("the overview totals what was paid per cost centre in its period", async ({ browser }) => {
  // A transfer naming the cost centre, paid by the provider (its clock driven), then the overview.
  const operator = await inPortuguese(browser, "operator");
  const centres = (await (await operator.request.get("/api/cost-centres")).json()) as { cost_centres: Array<{ id: string; code: string }> };
  const centre = centres.cost_centres.find((c) => c.code === CENTRE.code);
  expect(centre, "the cost centre made above").toBeDefined();
  const created = await operator.request.post("/api/transfers", {
    headers: { origin: E2E.appUrl },
    data: {
      idempotent_id: completingId(`e2e-cc-${RUN}`),
      value_cents: 1_234,
      initiation_type: "dict",
      receiver_name: `Centro ${RUN}`,
      receiver_document: freshCpf(),
      pix_key_type: "email",
      pix_key: "pago@exemplo.example",
      cost_centre_id: centre!.id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { transfer } = (await created.json()) as { transfer: { id: string } };
  const read = async () => ((await (await operator.request.get(`/api/transfers/${transfer.id}`)).json()) as { transfer: { state: string; payment_date: string | null } }).transfer;
  const stateOf = async () => (await read()).state;
  await expect.poll(stateOf, { timeout: 20_000 }).toBe("registered");
  for (let step = 0; step < 2; step++) await control(operator.request, "advance", { ms: E2E.clockStepMs });
  await expect.poll(stateOf, { timeout: 30_000 }).toBe("paid");
  // The card sums by the provider's payment day (in Brazil). Near midnight, or with the sandbox's
  // clock driven ahead by other tests, that day need not be today: the overview is opened on it.
  const paidOn = brazilDayKey(new Date((await read()).payment_date!));
  await operator.context().close();

  const page = await inPortuguese(browser, "viewer");
  await page.goto(`/?from=${paidOn}&to=${paidOn}`);
  const card = page.getByTestId("cost-centre-card");
  await expect(card.getByRole("heading", { name: "Pago por centro de custo" })).toBeVisible();
  const row = card.locator(`tr[data-cost-centre="${CENTRE.code}"]`);
  await expect(row).toContainText(`${CENTRE.code} ${CENTRE.name}`);
  await expect(row.locator("td").first()).toHaveText("1");
  await expect(row.locator("td").last()).toHaveText("R$ 12,34");
  await shots(page, "overview-cost-centres");
  await page.context().close();
});
