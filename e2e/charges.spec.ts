import { expect, test } from "@playwright/test";
import { E2E, storageStateFor } from "./env";
import { expectHydrated } from "./hydrated";
import { payInSandbox } from "./sandbox-payer";

test.use({ storageState: storageStateFor("operator") });

/** dd/mm/aaaa of a Brazil day some days from now. */
function brazilDayFromNow(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  const [y, m, d] = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(at).split("-");
  return `${d}/${m}/${y}`;
}

for (const width of [1440, 390]) {
  test(`pt-BR at ${width} px: an operator makes a charge, copies the code, sends it by e-mail, the payer pays in the sandbox, the page turns paid and the receipt downloads`, async ({ page, context, browser }) => {
    await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E.appUrl });
    await page.setViewportSize({ width, height: 900 });
    const reference = `NF-e2e-${width}-${Date.now().toString(36)}`;
    const payerEmail = `pagador-${width}-${Date.now().toString(36)}@exemplo.com.br`;

    await page.goto("/charges/new");
    await expect(page.getByRole("heading", { level: 1, name: "Nova cobrança" })).toBeVisible();
    await expectHydrated(page);
    await page.getByLabel("Referência (nº da fatura)").fill(reference);
    await page.getByLabel("Valor (R$)").fill("1.234,56");
    await page.getByLabel("Vencimento (dd/mm/aaaa)").fill(brazilDayFromNow(3));
    await page.getByLabel("Nome do pagador").fill("Mercado São João Ltda");
    await page.getByLabel("CPF ou CNPJ do pagador").fill("11.444.777/0001-61");
    await page.getByLabel("E-mail do pagador (opcional)").fill(payerEmail);
    await page.getByRole("button", { name: "Criar cobrança" }).click();

    await expect(page).toHaveURL(/\/charges\/[0-9a-f-]{36}$/);
    const detail = page.locator("[data-charge-id]");
    await expect(detail).toHaveAttribute("data-state", "awaiting_payment");
    await expect(page.getByText("R$ 1.234,56").first()).toBeVisible();
    await expect(page.getByRole("img", { name: `QR code Pix da cobrança ${reference}` })).toBeVisible();
    const code = (await page.getByTestId("charge-content").textContent())?.trim() ?? "";
    expect(code).toMatch(/^000201/);
    await page.getByRole("button", { name: "Copiar código" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await page.screenshot({ path: `test-results/shots/charge-awaiting-${width}.png`, fullPage: true });

    // Sent to the payer by e-mail, in Portuguese (the default): said on the page and on the timeline.
    await expect(page.getByLabel("Idioma do e-mail")).toHaveValue("pt-BR");
    await page.getByRole("button", { name: "Enviar por e-mail" }).click();
    await expect(page.getByText(`Cobrança enviada para ${payerEmail}`)).toBeVisible();
    await expect(page.getByText(`Enviada por e-mail para ${payerEmail}`)).toBeVisible();
    // The demo's mail catcher (/dev/mail, admins) got it: the code to copy is in the text.
    const admin = await browser.newContext({ storageState: storageStateFor("admin"), baseURL: E2E.appUrl });
    try {
      const mailPage = await admin.newPage();
      const caught = mailPage.getByTestId("caught-mail").locator("li", { hasText: payerEmail });
      await expect
        .poll(async () => {
          await mailPage.goto("/dev/mail");
          return caught.count();
        }, { timeout: 20_000 })
        .toBe(1);
      await expect(caught).toContainText(reference);
      await expect(caught).toContainText(code);
    } finally {
      await admin.close();
    }

    // The provider's reference code, read as any caller would.
    const id = page.url().split("/").pop()!;
    const answer = (await (await page.request.get(`/api/charges/${id}`)).json()) as { charge: { reference_code: string } };
    await payInSandbox(page, answer.charge.reference_code);

    // The notification (or the page's next look) turns it paid without a reload.
    await expect(detail).toHaveAttribute("data-state", "paid", { timeout: 20_000 });
    await expect(page.getByText("Paga", { exact: true }).first()).toBeVisible();
    await page.screenshot({ path: `test-results/shots/charge-paid-${width}.png`, fullPage: true });

    // The receipt downloads, a PDF.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("charge-receipt").click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);

    // And the list counts it among what was received.
    await page.goto(`/charges?payer=${encodeURIComponent(reference)}`);
    await expect(page.getByTestId("total-charges-issued")).toHaveAttribute("data-value", "1");
    await expect(page.getByTestId("charges-received")).toContainText("R$ 1.234,56");
  });
}
