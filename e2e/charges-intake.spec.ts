import { expect, test } from "@playwright/test";
import { E2E, storageStateFor } from "./env";
import { expectHydrated } from "./hydrated";

test.use({ storageState: storageStateFor("operator") });

/** dd/mm/aaaa of a Brazil day some days from now. */
function brazilDayFromNow(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  const [y, m, d] = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(at).split("-");
  return `${d}/${m}/${y}`;
}

for (const width of [1440, 390]) {
  test(`pt-BR at ${width} px: a spreadsheet of charges is checked row by row, nothing made until the operator confirms`, async ({ page, context }) => {
    await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
    await page.setViewportSize({ width, height: 900 });
    const tag = `PLAN-${width}-${Date.now().toString(36)}`;
    const due = brazilDayFromNow(6);
    const csv = [
      "payer_name;payer_document;value;due_date;description;external_reference;payer_email",
      `Ana Souza;529.982.247-25;1.234,56;${due};Fatura 1;${tag}-1;ana@exemplo.com.br`,
      `Bruno Lima;529.982.247-24;10,00;${due};CPF errado;${tag}-2;`,
      `Davi Rocha;11.444.777/0001-61;99,90;${due};;${tag}-3;`,
    ].join("\r\n");
    const count = async () => ((await (await page.request.get(`/api/charges?payer=${encodeURIComponent(tag)}`)).json()) as { meta: { total: number } }).meta.total;

    await page.goto("/charges/new");
    await expectHydrated(page);
    await page.getByLabel("Planilha (CSV ou XLSX)").setInputFiles({ name: "cobrancas.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });

    const preview = page.getByTestId("charge-import-preview");
    await expect(preview).toBeVisible();
    await expect(preview).toContainText("nada foi criado ainda");
    await expect(page.getByTestId("charge-preview-new")).toHaveText("2");
    await expect(page.getByTestId("charge-preview-invalid")).toHaveText("1");
    await expect(page.getByTestId("charge-preview-value")).toHaveText(/R\$\s1\.334,46/);
    // The bad row leads, with its line and the reason in Portuguese.
    const bad = preview.locator('[data-line="3"][data-status="invalid"]').filter({ visible: true });
    await expect(bad).toContainText("Bruno Lima");
    await expect(bad).toContainText(/CPF ou CNPJ/);
    expect(await count()).toBe(0);
    await page.screenshot({ path: `test-results/shots/charge-import-preview-${width}.png`, fullPage: true });

    await page.getByRole("button", { name: /Criar 2 cobranças/ }).click();
    const result = page.getByTestId("charge-import-result");
    await expect(result).toContainText("2 cobranças novas");
    await expect(result).toContainText("Linha 3:");
    await expect(result.getByRole("link", { name: `${tag}-1` })).toBeVisible();
    expect(await count()).toBe(2);
    await page.screenshot({ path: `test-results/shots/charge-import-done-${width}.png`, fullPage: true });
  });

  test(`pt-BR at ${width} px: a payment link's payer presses "Pagar" on the sandbox's checkout page and the charge turns paid live`, async ({ page, context }) => {
    await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
    await page.setViewportSize({ width, height: 900 });
    const reference = `LINK-${width}-${Date.now().toString(36)}`;

    await page.goto("/charges/new");
    await expectHydrated(page);
    await page.getByLabel("Referência (nº da fatura)").fill(reference);
    await page.getByLabel("Forma de pagamento").selectOption("link");
    await page.getByLabel("Valor (R$)").fill("321,09");
    await page.getByLabel("Vencimento (dd/mm/aaaa)").fill(brazilDayFromNow(2));
    await page.getByLabel("Nome do pagador").fill("Loja Três Irmãos");
    await page.getByLabel("CPF ou CNPJ do pagador").fill("11.444.777/0001-61");
    await page.getByRole("button", { name: "Criar cobrança" }).click();

    await expect(page).toHaveURL(/\/charges\/[0-9a-f-]{36}$/);
    const detail = page.locator("[data-charge-id]");
    await expect(detail).toHaveAttribute("data-state", "awaiting_payment");
    const link = page.getByRole("link", { name: /\/checkout\// });
    const paymentLink = (await link.getAttribute("href")) ?? "";
    expect(paymentLink).toMatch(/\/checkout\/[0-9a-f-]+$/);

    // The payer, on the sandbox's payment page, in another tab.
    const payer = await context.newPage();
    await payer.setViewportSize({ width, height: 900 });
    await payer.goto(paymentLink);
    await expect(payer.getByTestId("checkout-status")).toHaveText("Aguardando pagamento");
    await expect(payer.getByText("R$ 321,09")).toBeVisible();
    await payer.screenshot({ path: `test-results/shots/checkout-page-${width}.png`, fullPage: true });
    await payer.getByRole("button", { name: "Pagar" }).click();
    await expect(payer.getByTestId("checkout-status")).toHaveText("Pago");
    await expect(payer.getByTestId("checkout-paid")).toContainText("Pagamento recebido em");
    await payer.screenshot({ path: `test-results/shots/checkout-paid-${width}.png`, fullPage: true });

    // The back office's page, never reloaded, turns paid (the notification, then the live stream).
    await expect(detail).toHaveAttribute("data-state", "paid", { timeout: 20_000 });
    await page.bringToFront();
    await page.screenshot({ path: `test-results/shots/charge-link-paid-${width}.png`, fullPage: true });

    // The money came in: today's statement has its line (the provider's), which opens this charge.
    const id = page.url().split("/").pop()!;
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
    await page.goto(`/statement?start=${today}&end=${today}`);
    await expectHydrated(page);
    const line = page.getByTestId("statement-charge-link").and(page.locator(`[href="/charges/${id}"]`)).filter({ visible: true });
    await expect(line).toHaveCount(1);
    await line.click();
    await expect(page).toHaveURL(new RegExp(`/charges/${id}$`));
  });
}
