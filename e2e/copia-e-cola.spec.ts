import { expect, test, type Page } from "@playwright/test";
import { encodeBrCode } from "../lib/pix/brcode-encode";
import { E2E } from "./env";
import { expectHydrated } from "./hydrated";
import { SHOTS, asOperatorOnResetSandbox, freshCpf } from "./register-helpers";

/**
 * Paying a supplier's "Pix Copia e Cola", in Portuguese at 1440 and 390 px: the pasted static code
 * is read and checked on the server (CRC), shown, then fills a key transfer that goes through the
 * usual review and confirmation, the code's txid kept in the description. A dynamic code and a
 * damaged one are refused with their reason and fill nothing.
 */
asOperatorOnResetSandbox();

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
});

async function paste(page: Page, code: string) {
  await page.goto("/payments/new");
  await expectHydrated(page);
  await page.getByRole("radio", { name: "Pix Copia e Cola" }).check();
  await page.getByLabel("Código Pix Copia e Cola").fill(code);
  await page.getByRole("button", { name: "Ler código" }).click();
  await expect(page.getByTestId("brcode-reading")).toBeVisible();
}

test("um Pix Copia e Cola estático é lido, conferido e pago como transferência por chave, com o txid na descrição (1440 px)", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const cpf = freshCpf();
  const txid = `NF${Date.now().toString(36).toUpperCase()}`;
  const code = encodeBrCode({ key: cpf.replace(/\D/g, ""), merchantName: "Fornecedor Copia Cola", merchantCity: "São Paulo", amountCents: 12_345, txid });
  await paste(page, code);
  const reading = page.getByTestId("brcode-reading");
  await expect(reading).toContainText("Estático (chave Pix)");
  await expect(reading).toContainText("O dígito verificador (CRC) confere");
  await expect(reading).toContainText("Fornecedor Copia Cola");
  await expect(reading).toContainText(/SAO PAULO/i);
  await expect(reading).toContainText(/R\$\s123,45/);
  await expect(reading).toContainText(txid);
  await page.screenshot({ path: `${SHOTS}/copia-e-cola-read-pt-1440.png`, fullPage: true });

  await page.getByRole("button", { name: "Usar estes dados" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Dados do código preenchidos abaixo" })).toBeVisible();
  await expect(page.getByLabel("Valor", { exact: true })).toHaveValue(/123,45/);
  await expect(page.getByLabel("Nome do recebedor")).toHaveValue("Fornecedor Copia Cola");
  await expect(page.getByLabel("CPF/CNPJ do recebedor")).toHaveValue(cpf);
  await expect(page.getByLabel("Tipo de chave")).toHaveValue("cpf");

  await page.getByRole("button", { name: "Revisar" }).click();
  await expect(page.getByRole("heading", { name: "Revise a transferência" })).toBeVisible();
  await expect(page.getByTestId("review-amount")).toHaveText(/^R\$\s123,45$/);
  await expect(page.getByTestId("review-description")).toHaveText(`Pix Copia e Cola txid ${txid}`);
  await page.screenshot({ path: `${SHOTS}/copia-e-cola-review-pt-1440.png`, fullPage: true });

  await page.getByRole("button", { name: "Confirmar transferência" }).click();
  await expect(page).toHaveURL(/\/payments\/[^/?]+\?registered=1$/, { timeout: 20_000 });
  await expect(page.getByRole("status").filter({ hasText: "Transferência registrada." })).toBeVisible();
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1)!);
  const payment = (await (await page.request.get(`/api/payments/${encodeURIComponent(id)}`)).json()).payment as { pix_key_type: string; pix_key: string; value_cents: number };
  expect(payment).toMatchObject({ pix_key_type: "cpf", pix_key: cpf.replace(/\D/g, ""), value_cents: 12_345 });
});

test("um código dinâmico e um código alterado são recusados com o motivo e não preenchem nada (390 px)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const dynamic = encodeBrCode({ url: "pix.example.com/qr/v2/cobv/9d36b84f", merchantName: "Loja Dinamica", merchantCity: "Recife", amountCents: 4_200 });
  await paste(page, dynamic);
  await expect(page.getByTestId("brcode-reading")).toContainText("Dinâmico (cobrança com endereço)");
  await expect(page.getByRole("alert").filter({ hasText: "Este é um Pix Copia e Cola dinâmico" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Usar estes dados" })).toHaveCount(0);
  await expect(page.getByLabel("Valor", { exact: true })).toHaveValue("");
  await page.screenshot({ path: `${SHOTS}/copia-e-cola-dynamic-pt-390.png`, fullPage: true });

  const intact = encodeBrCode({ key: "fornecedor@example.com", merchantName: "Fornecedor", merchantCity: "Curitiba", amountCents: 1_000, txid: "ABC" });
  const altered = intact.replace("10.00", "90.00"); // the CRC no longer matches
  await page.getByLabel("Código Pix Copia e Cola").fill(altered);
  await page.getByRole("button", { name: "Ler código" }).click();
  await expect(page.getByTestId("brcode-reading")).toContainText("O dígito verificador (CRC) não confere");
  await expect(page.getByRole("alert").filter({ hasText: "o dígito verificador (CRC) não confere" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Usar estes dados" })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/copia-e-cola-crc-pt-390.png`, fullPage: true });

  // Text that is no Pix code at all: the server's reason, in Portuguese.
  await page.getByLabel("Código Pix Copia e Cola").fill("https://boleto.example.com/123");
  await page.getByRole("button", { name: "Ler código" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "não é um código Pix Copia e Cola" })).toBeVisible();
});
