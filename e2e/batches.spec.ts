import { expect, test, type Browser } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { E2E, storageStateFor } from "./env";
import { SHOTS, registeredCount } from "./register-helpers";

/**
 * A batch payout from a spreadsheet as finance runs it: the operator uploads a CSV saved by
 * Brazilian Excel, sees the rows (the bad one first, with its reason) and submits; the batch total
 * needs one approver, who approves in another browser; the operator watches every row reach the
 * provider and downloads the results. The same file again is refused, naming the first batch.
 */
test.describe.configure({ mode: "serial" });
test.use({ storageState: storageStateFor("operator") });

const stamp = Date.now().toString(36);
/** Six rows, R$ 1.520,00 valid in total (one approval under the default policy); line 4 has a CPF with a wrong digit. */
const CSV =
  "\uFEFFvalor;tipo_chave;chave;nome;documento;id\r\n" +
  `250,00;e-mail;ana@example.com;Ana Souza;111.444.777-35;e2e-batch-${stamp}-1\r\n` +
  `310,50;celular;(11) 91234-5678;Bruno Lima;390.533.447-05;e2e-batch-${stamp}-2\r\n` +
  `99,99;cpf;529.982.247-25;Carla Dias;529.982.247-24;e2e-batch-${stamp}-3\r\n` +
  `459,50;cnpj;11.222.333/0001-81;Fornecedora Alfa Ltda;11.222.333/0001-81;e2e-batch-${stamp}-4\r\n` +
  `200,00;aleatória;123e4567-e89b-12d3-a456-426614174000;Davi Rocha;111.444.777-35;e2e-batch-${stamp}-5\r\n` +
  `300,00;e-mail;eva@example.com;Eva Martins;390.533.447-05;e2e-batch-${stamp}-6\r\n`;
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

test("submitted, approved in another browser, every good row registered live; the results file has each reference code", async ({ page, browser }) => {
  await page.goto(batchPath);
  const before = await registeredCount(page.request);
  await page.getByRole("button", { name: "Submit the batch" }).click();
  await expect(page.getByTestId("approvals-progress")).toHaveText("0 of 1 approvals", { timeout: 20_000 });
  expect(await registeredCount(page.request)).toBe(before);

  const checker = await approver(browser);
  await checker.goto(batchPath);
  await expect(checker.getByTestId("new-receivers")).toBeVisible();
  await checker.screenshot({ path: `${SHOTS}/batch-approver.png`, fullPage: true });
  await checker.getByRole("button", { name: "Approve" }).click();

  await expect(page.locator('[data-count="registered"] dd')).toHaveText("5", { timeout: 30_000 });
  await expect(page.locator("h1 + [data-state]")).toHaveAttribute("data-state", "completed", { timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/batch-completed.png`, fullPage: true });
  expect(await registeredCount(page.request)).toBe(before + 5);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Results (CSV)" }).click();
  const text = await readFile((await (await download).path())!, "utf8");
  const lines = text.replace(/^\uFEFF/, "").trim().split(/\r?\n/);
  expect(lines[0]).toContain("Partner ID");
  expect(lines).toHaveLength(7);
  const registered = lines.slice(1).filter((l) => l.includes("Registered"));
  expect(registered).toHaveLength(5);
  for (const line of registered) expect(line).toMatch(/;[0-9a-f]{32};/);
  expect(lines.find((l) => l.startsWith("4;"))).toContain("not a valid CPF or CNPJ");
});

test("the same file again is refused naming the first batch", async ({ page }) => {
  await page.goto("/batches/new");
  await page.locator('input[type="file"]').setInputFiles(file);
  const notice = page.getByTestId("duplicate-file");
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice.getByRole("link", { name: "Open the earlier batch" })).toHaveAttribute("href", batchPath);
});
