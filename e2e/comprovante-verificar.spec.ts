import { expect, request as playwrightRequest, test } from "@playwright/test";
import { pdfText } from "../lib/testing/pdf-text";
import { E2E, storageStateFor } from "./env";
import { SHOTS } from "./register-helpers";

/**
 * Whoever holds a comprovante checks it without signing in, in Portuguese at 1440 and 390 px:
 * the code printed after "Autenticação" on a completed payment's PDF is found on
 * /comprovante/verificar with the Pix's end-to-end id, amount and date, and nothing more; a code
 * one character off is not; a malformed one says what a code looks like.
 */
const COMPLETED = { id: "sandbox-known-completed-no-qr", endToEnd: "E18236120202611161415SBXNOQRCOD1" };

async function printedCode(): Promise<string> {
  const viewer = await playwrightRequest.newContext({ baseURL: E2E.appUrl, storageState: storageStateFor("viewer") });
  const res = await viewer.get(`/api/payments/${COMPLETED.id}/receipt`, { headers: { origin: E2E.appUrl } });
  expect(res.status()).toBe(200);
  const text = pdfText(await res.body()).replace(/\s+/g, " ");
  await viewer.dispose();
  // The viewer's session reads English: the label is "Authentication" there, "Autenticação" in Portuguese.
  const code = /(?:Autenticação|Authentication) ([0-9A-Z]{4}(?:-[0-9A-Z]{4}){4})/.exec(text)?.[1];
  expect(code, text).toBeDefined();
  expect(text).toContain("/comprovante/verificar");
  return code!;
}

test("o código de autenticação de um comprovante é conferido sem login em /comprovante/verificar (1440 e 390 px)", async ({ browser }) => {
  const code = await printedCode();
  // No storage state: nobody is signed in.
  const context = await browser.newContext({ baseURL: E2E.appUrl, viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
  const page = await context.newPage();

  await page.goto("/comprovante/verificar");
  await expect(page).toHaveURL(/\/comprovante\/verificar$/); // not sent to /login
  await expect(page.getByRole("heading", { level: 1, name: "Verificar comprovante" })).toBeVisible();
  await page.getByLabel("Código de autenticação").fill(code.toLowerCase().replace(/-/g, " "));
  await page.getByRole("button", { name: "Verificar" }).click();
  const valid = page.getByTestId("verify-valid");
  await expect(valid).toContainText("Comprovante autêntico: emitido por este back office.");
  await expect(valid).toContainText(COMPLETED.endToEnd);
  await expect(valid).toContainText(/R\$\s87,50/);
  await expect(valid).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  // Only the three facts: no names or documents of either side.
  await expect(page.getByText("Maria Aparecida")).toHaveCount(0);
  await expect(page.getByText(/533\.447/)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/comprovante-verificar-valid-pt-1440.png`, fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  const other = `${code.slice(0, -1)}${code.endsWith("0") ? "1" : "0"}`;
  await page.goto(`/comprovante/verificar?code=${other}`);
  await expect(page.getByTestId("verify-invalid")).toContainText("Nenhum comprovante emitido por este back office tem este código.");
  await page.screenshot({ path: `${SHOTS}/comprovante-verificar-invalid-pt-390.png`, fullPage: true });

  await page.getByLabel("Código de autenticação").fill("1234");
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page.getByLabel("Código de autenticação")).toHaveAccessibleDescription(/20 letras e números/);
  await page.screenshot({ path: `${SHOTS}/comprovante-verificar-format-pt-390.png`, fullPage: true });

  // The API says the same, and nothing more, without a session.
  const api = await page.request.get(`/api/receipts/verify?code=${code}`);
  expect(api.status()).toBe(200);
  const body = await api.json();
  expect(Object.keys(body).sort()).toEqual(["end_to_end", "payment_date", "valid", "value_cents"]);
  expect(body).toMatchObject({ valid: true, end_to_end: COMPLETED.endToEnd, value_cents: 8_750 });
  await context.close();
});
