import { expect, test, type Browser } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { E2E, storageStateFor } from "./env";
import { clickMoneyAction } from "./step-up";
import { SHOTS, completingId, control, registeredCount } from "./register-helpers";

/**
 * A batch payout from a spreadsheet as finance runs it: the operator uploads a CSV saved by
 * Brazilian Excel, sees the rows (the bad one first, with its reason) and submits; the batch total
 * needs one approver, who approves in another browser; the operator watches every row reach the
 * provider and downloads the results. The same file again is refused, naming the first batch.
 */
test.describe.configure({ mode: "serial" });
test.use({ storageState: storageStateFor("operator") });

const stamp = Date.now().toString(36);
/** Ids the sandbox completes, and one it cancels after sending (an id with "cancel"). */
const ids = [1, 2, 3, 4, 5].map((n) => completingId(`e2e-batch-${stamp}-${n}`));
const CANCELED_ID = `e2e-batch-${stamp}-cancel-6`;
/** Six rows, R$ 1.520,00 valid in total (one approval under the default policy); line 4 has a CPF with a wrong digit. */
const CSV =
  "\uFEFFvalor;tipo_chave;chave;nome;documento;id\r\n" +
  `250,00;e-mail;ana@example.com;Ana Souza;111.444.777-35;${ids[0]}\r\n` +
  `310,50;celular;(11) 91234-5678;Bruno Lima;390.533.447-05;${ids[1]}\r\n` +
  `99,99;cpf;529.982.247-25;Carla Dias;529.982.247-24;${ids[2]}\r\n` +
  `459,50;cnpj;11.222.333/0001-81;Fornecedora Alfa Ltda;11.222.333/0001-81;${ids[3]}\r\n` +
  `200,00;aleatória;123e4567-e89b-12d3-a456-426614174000;Davi Rocha;111.444.777-35;${ids[4]}\r\n` +
  `300,00;e-mail;eva@example.com;Eva Martins;390.533.447-05;${CANCELED_ID}\r\n`;
const file = { name: "pagamentos-novembro.csv", mimeType: "text/csv", buffer: Buffer.from(CSV, "utf8") };

let batchPath = "";

async function approver(browser: Browser) {
  const context = await browser.newContext({ storageState: storageStateFor("approver"), baseURL: E2E.appUrl });
  return context.newPage();
}

test("upload: the preview shows the bad row first with its reason and the totals of the good ones", async ({ page }) => {
  await page.goto("/batches/new");
  await page.locator('input[type="file"]').setInputFiles(file);
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  batchPath = new URL(page.url()).pathname;
  await expect(page.locator("tr[data-line]").first()).toHaveAttribute("data-line", "4");
  await expect(page.locator('tr[data-line="4"]')).toContainText("This is not a valid CPF or CNPJ");
  await expect(page.getByTestId("submit-panel")).toContainText("5 transfers of R$ 1.520,00 in total");
  await expect(page.getByTestId("submit-panel")).toContainText("The batch total needs 1 approval");
  await page.screenshot({ path: `${SHOTS}/batch-preview.png`, fullPage: true });
});

test("submitted, approved in another browser, every good row sent live, then followed to paid or canceled; the results file says where the money went", async ({ page, browser }) => {
  await page.goto(batchPath);
  const before = await registeredCount(page.request);
  await page.getByRole("button", { name: "Submit the batch" }).click();
  // Asked once more, with the count and the total.
  await expect(page.getByTestId("submit-confirm")).toContainText("Submit 5 transfers adding up to R$\u00a01.520,00?");
  await clickMoneyAction(page, page.getByRole("button", { name: "Yes, submit" }), "submit");
  await expect(page.getByTestId("approvals-progress")).toHaveText("0 of 1 approvals", { timeout: 20_000 });
  expect(await registeredCount(page.request)).toBe(before);
  // Nothing sent yet: the bar is empty.
  await expect(page.getByTestId("batch-progress-bar").locator("[data-part]")).toHaveCount(0);

  const checker = await approver(browser);
  await checker.goto(batchPath);
  await expect(checker.getByTestId("new-receivers")).toBeVisible();
  await checker.screenshot({ path: `${SHOTS}/batch-approver.png`, fullPage: true });
  await clickMoneyAction(checker, checker.getByRole("button", { name: "Approve" }), "approve");

  // Registered is not the end: the rows are on their way until the provider finishes them.
  await expect(page.locator('[data-count="onTheWay"] dd')).toHaveText("5", { timeout: 30_000 });
  await expect(page.locator("h1 + [data-state]")).toHaveAttribute("data-state", "sending");
  // "On the way" counts rows still being sent too: the provider holds all five a moment later.
  await expect.poll(() => registeredCount(page.request), { timeout: 30_000 }).toBe(before + 5);
  for (let step = 0; step < 2; step++) await control(page.request, "advance", { ms: E2E.clockStepMs });
  await expect(page.locator('[data-count="paid"] dd')).toHaveText(/^4 · R\$/, { timeout: 30_000 });
  await expect(page.locator('[data-count="notPaid"] dd')).toHaveText(/^1 · R\$\u00a0300,00$/);
  await expect(page.locator("h1 + [data-state]")).toHaveAttribute("data-state", "completed", { timeout: 20_000 });
  await expect(page.getByTestId("batch-attention-link")).toHaveText("1 row needs attention: see it");
  await page.screenshot({ path: `${SHOTS}/batch-completed.png`, fullPage: true });

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Results (CSV)" }).click();
  const text = await readFile((await (await download).path())!, "utf8");
  const lines = text.replace(/^\uFEFF/, "").trim().split(/\r?\n/);
  expect(lines[0]).toContain("Partner ID");
  expect(lines[0]).toContain("Status at the provider");
  expect(lines).toHaveLength(7);
  const paid = lines.slice(1).filter((l) => l.includes(";Paid;"));
  expect(paid).toHaveLength(4);
  // Each paid row: its end_to_end and the date it was paid.
  for (const line of paid) expect(line).toMatch(/;E[0-9A-Z]{8}\d{12}[a-zA-Z0-9]{11};\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  expect(lines.find((l) => l.includes(CANCELED_ID))).toContain("Canceled by the provider");
  expect(lines.find((l) => l.startsWith("4;"))).toContain("not a valid CPF or CNPJ");
});

test("em português, a linha cancelada pelo provedor aparece em “Exigem atenção”, no lote e em /transfers, a 1440 e a 390 px", async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStateFor("operator"), baseURL: E2E.appUrl, viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
  const page = await context.newPage();
  await page.goto(batchPath);
  await expect(page.locator('[data-count="notPaid"]')).toContainText("Não pagas");
  const link = page.getByTestId("batch-attention-link");
  await expect(link).toHaveText("1 linha exige atenção: ver");
  await page.screenshot({ path: `${SHOTS}/batch-attention-pt-1440.png`, fullPage: true });
  await link.click();
  await expect(page).toHaveURL(/\/transfers\?view=attention&batch=/);
  const row = page.locator("[data-testid=transfers-table] tr[data-state=provider_canceled]");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Cancelada pelo provedor");
  await expect(row.getByTestId("attention-text")).toContainText("O provedor cancelou o pagamento");
  await expect(page.getByRole("button", { name: "Exigem atenção" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("attention-badge")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/transfers-attention-pt-1440.png`, fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.locator("ul li[data-state=provider_canceled]");
  await expect(card).toContainText("Cancelada pelo provedor");
  await expect(card.getByTestId("attention-text")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/transfers-attention-pt-390.png`, fullPage: true });
  await card.getByRole("link").click();
  await expect(page.getByTestId("money-outcome")).toHaveAttribute("data-outcome", "provider_canceled");
  await expect(page.getByTestId("attention-card")).toContainText("Exige atenção");
  await page.screenshot({ path: `${SHOTS}/transfer-canceled-pt-390.png`, fullPage: true });
  await page.goto(batchPath);
  await expect(page.getByTestId("batch-attention-link")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/batch-attention-pt-390.png`, fullPage: true });
  await context.close();
});

test("the same file again is refused naming the first batch", async ({ page }) => {
  await page.goto("/batches/new");
  await page.locator('input[type="file"]').setInputFiles(file);
  const notice = page.getByTestId("duplicate-file");
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice.getByRole("link", { name: "Open the earlier batch" })).toHaveAttribute("href", batchPath);
});
