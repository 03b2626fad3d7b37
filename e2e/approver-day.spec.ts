import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E, storageStateFor, type E2EAccount } from "./env";
import { clearInbox, expectBadgesClear, expectSectionAccessible } from "./inbox-checks";
import { SHOTS, completingId, control, freshCpf } from "./register-helpers";

/**
 * The approver's day in Portuguese: a batch of 3 rows and 2 single requests wait for
 * approver2; "Aguardando você" shows 3 items (the batch as ONE, named, with its rows and total),
 * the header badge says 3; all are ticked and approved at once, each its own decision (and audit
 * row, made by the server in one request), through the step-up dialog when the server asks for it; /transfers?batch= groups the
 * batch's rows. At 1440 and 390 px.
 */
test.describe.configure({ mode: "serial" });

const ORIGIN = { origin: E2E.appUrl };
const stamp = Date.now().toString(36);
const FILE = `folha-fornecedores-${stamp}.csv`;
/** The sandbox pays the first two and cancels the third after sending it (an id with "cancel"). */
const BATCH_IDS = [completingId(`e2e-day-${stamp}-1`), completingId(`e2e-day-${stamp}-2`), `e2e-day-${stamp}-cancel-3`];
/** Three rows, R$ 9.050,00 in total: the batch needs one approval under the default policy (two from R$ 10.000,00). */
const CSV =
  "\uFEFFvalor;tipo_chave;chave;nome;documento;id\r\n" +
  `8.400,00;e-mail;luiza@example.com;Luiza Prado;${freshCpf()};${BATCH_IDS[0]}\r\n` +
  `350,00;e-mail;marcos@example.com;Marcos Teixeira;${freshCpf()};${BATCH_IDS[1]}\r\n` +
  `300,00;e-mail;nadia@example.com;Nádia Ribeiro;${freshCpf()};${BATCH_IDS[2]}\r\n`;
const SINGLES = [
  { name: `Fornecedora Beta ${stamp}`, cents: 250_000 },
  { name: `Gráfica Gama ${stamp}`, cents: 310_000 },
];

const made = { batchId: "", transferIds: [] as string[] };

async function pageAs(browser: Browser, account: E2EAccount, width: number): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStateFor(account), baseURL: E2E.appUrl, viewport: { width, height: 900 } });
  await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
  return context.newPage();
}


test("a batch of 3 rows and 2 requests wait: 3 items and a badge of 3; all approved at once, each decided and audited; the batch's rows under ?batch=", async ({ browser }) => {
  const approver = await pageAs(browser, "approver2", 1440);
  await clearInbox(approver.request, E2E.appUrl);

  // The operator: two single requests and a batch of three rows, submitted.
  const operator = await pageAs(browser, "operator", 1440);
  for (const [i, single] of SINGLES.entries()) {
    const res = await operator.request.post("/api/transfers", {
      data: {
        idempotent_id: completingId(`e2e-day-${stamp}-single-${i}`),
        value_cents: single.cents,
        initiation_type: "dict",
        receiver_name: single.name,
        receiver_document: freshCpf(),
        pix_key_type: "email",
        pix_key: `pagamentos${i}@example.com`,
      },
      headers: ORIGIN,
    });
    expect(res.status(), await res.text()).toBe(201);
    const { transfer } = (await res.json()) as { transfer: { id: string; state: string } };
    expect(transfer.state).toBe("awaiting_approval");
    made.transferIds.push(transfer.id);
  }
  const upload = await operator.request.post("/api/batches", { multipart: { file: { name: FILE, mimeType: "text/csv", buffer: Buffer.from(CSV, "utf8") } }, headers: ORIGIN });
  expect(upload.status(), await upload.text()).toBe(201);
  made.batchId = ((await upload.json()) as { batch: { id: string } }).batch.id;
  expect((await operator.request.post("/api/me/step-up", { data: { password: E2E.password }, headers: ORIGIN })).status()).toBe(200);
  const submitted = await operator.request.post(`/api/batches/${made.batchId}/submit`, { headers: ORIGIN });
  expect(submitted.status(), await submitted.text()).toBe(200);
  expect(((await submitted.json()) as { batch: { state: string } }).batch.state).toBe("awaiting_approval");

  // The approver: three items, the batch one of them, named, with its rows and total; the badge agrees.
  await approver.goto("/transfers");
  const section = approver.getByRole("region", { name: /Aguardando você/ });
  await expect(section.getByTestId("inbox-section-count")).toHaveText("3");
  await expect(approver.getByTestId("inbox-badge").locator("span[aria-hidden]")).toHaveText("3");
  const rows = section.locator("tr[data-inbox-item]");
  await expect(rows).toHaveCount(3);
  const batchRow = section.locator(`tr[data-inbox-item=batch][data-id="${made.batchId}"]`);
  await expect(batchRow).toContainText(FILE);
  await expect(batchRow).toContainText("Lote de 3 transferências, decididas juntas");
  await expect(batchRow).toContainText("R$\u00a09.050,00");
  await expect(batchRow.getByRole("link")).toHaveAttribute("href", `/batches/${made.batchId}`);
  for (const single of SINGLES) await expect(section.locator("tr[data-inbox-item=request]", { hasText: single.name })).toHaveCount(1);
  // The batch's rows are not loose items.
  for (const name of ["Luiza Prado", "Marcos Teixeira", "Nádia Ribeiro"]) await expect(section).not.toContainText(name);
  await approver.screenshot({ path: `${SHOTS}/approver-day-inbox-pt-1440.png`, fullPage: true });
  await expectSectionAccessible(approver, "1440 px");
  // The "Aguardando você" view: the same three items, counted and summed.
  await approver.getByRole("button", { name: "Aguardando você", exact: true }).click();
  await expect(approver).toHaveURL(/\/transfers\?view=inbox$/);
  await expect(approver.getByTestId("transfer-totals")).toHaveText("3 itens aguardam você · R$\u00a014.650,00 no total");
  await expect(approver.locator("[data-testid=inbox-items] tr[data-inbox-item]")).toHaveCount(3);
  // The pager counts the same items (the batch is one), not the 2 loose requests.
  await expect(approver.getByText(/^Página 1 de 1 · 3 itens$/)).toBeVisible();
  await expect(approver.locator(`[data-testid=inbox-items] tr[data-inbox-item=batch][data-id="${made.batchId}"]`)).toContainText(FILE);
  await approver.screenshot({ path: `${SHOTS}/approver-day-inbox-view-pt-1440.png`, fullPage: true });
  await approver.goto("/transfers");
  await expect(rows).toHaveCount(3);

  // At 390 px: a card each, the same three.
  await approver.setViewportSize({ width: 390, height: 844 });
  const cards = section.locator("li[data-inbox-item]");
  await expect(cards).toHaveCount(3);
  await approver.screenshot({ path: `${SHOTS}/approver-day-inbox-pt-390.png`, fullPage: true });
  await expectSectionAccessible(approver, "390 px");

  // All ticked: one confirmation with the count and the total, then each decided in turn.
  await section.getByText("Selecionar todos").click();
  const approveAll = section.getByRole("button", { name: "Aprovar selecionados (3) · R$\u00a014.650,00" });
  await expect(approveAll).toBeEnabled();
  await approveAll.click();
  await expect(section.getByTestId("bulk-confirm")).toContainText("Aprovar 3 itens somando R$\u00a014.650,00?");
  await approver.screenshot({ path: `${SHOTS}/approver-day-confirm-pt-390.png`, fullPage: true });
  const decisions: number[] = [];
  approver.on("response", (r) => {
    if (r.request().method() === "POST" && new URL(r.url()).pathname === "/api/transfers/decisions") decisions.push(r.status());
  });
  // The decisions meet the step-up (as they do once the window passed: 20 s on the e2e server, too
  // long to wait for here): the dialog opens once, then the one request decides every item.
  let askedAgain = false;
  await approver.route(/\/api\/transfers\/decisions$/, async (route) => {
    if (askedAgain) return route.continue();
    askedAgain = true;
    return route.fulfill({ status: 403, contentType: "application/json", body: JSON.stringify({ error: "Confirme que é você.", kind: "step_up_required", step_up: "password" }) });
  });
  const steppedUp = approver.waitForResponse((r) => new URL(r.url()).pathname === "/api/me/step-up");
  await section.getByRole("button", { name: "Sim, aprovar" }).click();
  const dialog = approver.getByRole("dialog", { name: /Confirme que é você/ });
  await expect(dialog).toBeVisible();
  await dialog.locator('input[name="secret"]').fill(E2E.password);
  await dialog.locator('button[type="submit"]').click();
  expect((await steppedUp).status()).toBe(200);
  await expect(dialog).toBeHidden();
  const results = approver.getByTestId("bulk-results");
  await expect(results.locator("li[data-result=done]")).toHaveCount(3, { timeout: 20_000 });
  await expect(results).toContainText("3 de 3 decididos");
  await expect(results.locator(`li[data-id="${made.batchId}"]`)).toContainText("Aprovação registrada");
  // One request for the three decisions, after the one the step-up held back; never a second dialog.
  expect(decisions).toEqual([403, 200]);
  await expect(approver.getByRole("dialog")).toHaveCount(0);
  // Nothing waits any more: the badge is gone, the section keeps only its report.
  await expect(approver.getByTestId("inbox-badge")).toHaveCount(0);
  await expect(section.locator("li[data-inbox-item]")).toHaveCount(0);
  await expect(section.getByTestId("inbox-section-count")).toHaveText("0");
  await expect(approver.locator("ul li[data-transfer-id][data-state=awaiting_approval]", { hasText: SINGLES[0]!.name })).toHaveCount(0);
  await approver.screenshot({ path: `${SHOTS}/approver-day-approved-pt-390.png`, fullPage: true });
  await expectBadgesClear(approver, "ul li[data-transfer-id]", "/transfers cards at 390 px");
  await approver.reload();
  await approver.setViewportSize({ width: 1440, height: 900 });
  await approver.screenshot({ path: `${SHOTS}/approver-day-approved-pt-1440.png`, fullPage: true });

  // Each one its own decision in the audit log, by approver2.
  const admin = await pageAs(browser, "admin", 1440);
  const audit = async (action: string) =>
    ((await (await admin.request.get(`/api/audit?action=${action}&actor=approver2@demo.test&pageSize=100`)).json()) as { entries: Array<{ target: string; detail: { transfer_id?: string } }> }).entries;
  const transferApprovals = (await audit("transfer.approve")).filter((e) => made.transferIds.includes(e.detail.transfer_id ?? ""));
  expect(transferApprovals.map((e) => e.detail.transfer_id).sort()).toEqual([...made.transferIds].sort());
  expect((await audit("batch.approve")).filter((e) => e.target === made.batchId)).toHaveLength(1);
});

test("the batch's rows grouped under it: its page links to /transfers?batch=, which lists its 3 rows with the batch column, at 1440 and 390 px", async ({ browser }) => {
  // Serial: the test above made the batch; without it this one fails rather than passing unseen.
  expect(made.batchId, "the batch made by the test above").not.toBe("");
  const page = await pageAs(browser, "approver2", 1440);
  // The rows reach the provider, then the sandbox's clock pays two and cancels one.
  const states = async () =>
    ((await (await page.request.get(`/api/transfers?batch=${made.batchId}`)).json()) as { transfers: Array<{ state: string }> }).transfers.map((t) => t.state).sort();
  await expect.poll(states, { timeout: 30_000 }).toEqual(["registered", "registered", "registered"]);
  for (let step = 0; step < 2; step++) await control(page.request, "advance", { ms: E2E.clockStepMs });
  await expect.poll(states, { timeout: 30_000 }).toEqual(["paid", "paid", "provider_canceled"]);

  await page.goto(`/batches/${made.batchId}`);
  await expect(page.locator("tr[data-line] span[data-state=provider_canceled]")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/approver-day-batch-page-pt-1440.png`, fullPage: true });
  await expectBadgesClear(page, "tr[data-line]", "batch rows at 1440 px");
  await page.reload();
  const link = page.getByTestId("batch-transfers-link");
  await expect(link).toHaveText("Ver as 3 transferências do lote em Transferências");
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/transfers\\?batch=${made.batchId}$`));
  await expect(page.getByTestId("batch-filter")).toBeVisible();
  await expect(page.getByTestId("transfer-totals")).toHaveText("3 transferências · R$\u00a09.050,00 no total");
  const rows = page.locator("[data-testid=transfers-table] tbody tr");
  await expect(rows).toHaveCount(3);
  // A row's line is its line in the file (the header is line 1), as on the batch page.
  for (let line = 2; line <= 4; line++) {
    await expect(page.locator("[data-testid=transfers-table] td[data-column=batch]", { hasText: `Lote, linha ${line}` })).toHaveCount(1);
  }
  await expect(rows.first().locator("td[data-column=batch] a").first()).toHaveAttribute("href", `/batches/${made.batchId}`);
  await expect(page.locator("[data-testid=transfers-table] span[data-state=provider_canceled]")).toHaveText("Cancelada pelo provedor");
  await page.screenshot({ path: `${SHOTS}/approver-day-batch-rows-pt-1440.png`, fullPage: true });
  await expectBadgesClear(page, "[data-testid=transfers-table] tbody tr", "/transfers table at 1440 px");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator("ul li[data-transfer-id]")).toHaveCount(3);
  await expect(page.locator("ul li[data-transfer-id]").first()).toContainText("Lote, linha");
  await page.screenshot({ path: `${SHOTS}/approver-day-batch-rows-pt-390.png`, fullPage: true });
  await expectBadgesClear(page, "ul li[data-transfer-id]", "/transfers cards at 390 px");
  await page.goto(`/batches/${made.batchId}`);
  await expect(page.locator("tr[data-line] span[data-state=provider_canceled]")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/approver-day-batch-page-pt-390.png`, fullPage: true });
  await expectBadgesClear(page, "tr[data-line]", "batch rows at 390 px");
});

test("'Rejeitar selecionados' with one reason, at 390 px: each rejected in turn; one another approver decided meanwhile is reported with the server's reason", async ({ browser }) => {
  const approver = await pageAs(browser, "approver2", 390);
  await clearInbox(approver.request, E2E.appUrl);
  const operator = await pageAs(browser, "operator", 1440);
  const ids: string[] = [];
  for (const [i, name] of [`Papelaria Delta ${stamp}`, `Transportes Épsilon ${stamp}`].entries()) {
    const res = await operator.request.post("/api/transfers", {
      data: { idempotent_id: `e2e-day-${stamp}-reject-${i}`, value_cents: 120_000 + i, initiation_type: "dict", receiver_name: name, receiver_document: freshCpf(), pix_key_type: "email", pix_key: `nota${i}@example.com` },
      headers: ORIGIN,
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { transfer: { id: string } }).transfer.id);
  }
  // No live updates on this page: the item decided elsewhere stays listed, as on a screen opened a while ago.
  await approver.route("**/api/events**", (route) => route.abort());
  await approver.goto("/transfers");
  const section = approver.getByRole("region", { name: /Aguardando você/ });
  await expect(section.locator("li[data-inbox-item=request]")).toHaveCount(2);
  await section.getByText("Selecionar todos").click();

  // Meanwhile the other approver rejects the first one.
  const other = await pageAs(browser, "approver", 1440);
  expect((await other.request.post(`/api/transfers/${ids[0]}/reject`, { data: { reason: "Nota fiscal em duplicidade" }, headers: ORIGIN })).status()).toBe(200);

  await section.getByRole("button", { name: "Rejeitar selecionados (2)" }).click();
  const confirm = section.getByTestId("bulk-confirm");
  await expect(confirm).toContainText("Rejeitar 2 itens somando R$\u00a02.400,01?");
  await confirm.getByRole("button", { name: "Sim, rejeitar" }).click();
  await expect(confirm.getByText("Por que está sendo rejeitada?").last()).toBeVisible(); // one reason is required
  await confirm.getByLabel(/Por que está sendo rejeitada/).fill("Fornecedor sem contrato vigente");
  // A fresh step-up, so the one request goes out without the dialog (on a busy machine the last one can be older than 20 s).
  expect((await approver.request.post("/api/me/step-up", { data: { password: E2E.password }, headers: ORIGIN })).status()).toBe(200);
  await confirm.getByRole("button", { name: "Sim, rejeitar" }).click();

  const results = approver.getByTestId("bulk-results");
  await expect(results).toContainText("1 de 2 decididos", { timeout: 20_000 });
  await expect(results.locator(`li[data-id="${ids[0]}"]`)).toHaveAttribute("data-result", "refused");
  await expect(results.locator(`li[data-id="${ids[0]}"]`)).toContainText("Não decidido: Esta solicitação foi rejeitada.");
  await expect(results.locator(`li[data-id="${ids[1]}"]`)).toHaveAttribute("data-result", "done");
  await expect(results.locator(`li[data-id="${ids[1]}"]`)).toContainText("Rejeição registrada");
  await approver.screenshot({ path: `${SHOTS}/approver-day-rejected-pt-390.png`, fullPage: true });

  // The maker reads each one's own reason.
  const reasonOf = async (id: string) => ((await (await operator.request.get(`/api/transfers/${id}`)).json()) as { transfer: { state: string; decision_reason: string } }).transfer;
  expect(await reasonOf(ids[0]!)).toMatchObject({ state: "rejected", decision_reason: "Nota fiscal em duplicidade" });
  expect(await reasonOf(ids[1]!)).toMatchObject({ state: "rejected", decision_reason: "Fornecedor sem contrato vigente" });
});
