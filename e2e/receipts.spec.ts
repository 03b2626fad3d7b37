import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { pdfText } from "../lib/testing/pdf-text";
import { E2E, storageStateFor } from "./env";
import { expectHydrated } from "./hydrated";

/**
 * The comprovante as finance staff get it, in Portuguese: "Baixar comprovante" on a completed
 * payment's page saves a real PDF (its text holds the end-to-end id, the amount in figures and
 * in words and the masked CPF, never the whole one); "Imprimir" opens the same PDF inline in a
 * new tab; a payment not completed has no buttons. The PDF is rendered to PNG (pdftoppm) to look at.
 */
test.use({ storageState: storageStateFor("viewer") });

const SHOTS = "test-results/shots";
const COMPLETED = { id: "sandbox-known-completed-no-qr", endToEnd: "E18236120202611161415SBXNOQRCOD1" };
const CPF = "39053344705";

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
});

test("Baixar comprovante saves the PDF of a completed payment; Imprimir opens it inline", async ({ page }) => {
  await page.goto(`/payments/${COMPLETED.id}`);
  await expectHydrated(page);
  const download = page.getByRole("link", { name: "Baixar comprovante" });
  await expect(download).toBeVisible();
  const [saved] = await Promise.all([page.waitForEvent("download"), download.click()]);
  expect(saved.suggestedFilename()).toBe(`comprovante_${COMPLETED.endToEnd}.pdf`);
  const pdf = readFileSync((await saved.path())!);
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = pdfText(pdf).replace(/\s+/g, " ");
  expect(text).toContain(COMPLETED.endToEnd);
  expect(text).toContain("R$ 87,50");
  expect(text).toContain("oitenta e sete reais e cinquenta centavos");
  expect(text).toContain("***.533.447-**");
  expect(text.replace(/\D/g, "")).not.toContain(CPF);

  mkdirSync(SHOTS, { recursive: true });
  execFileSync("pdftoppm", ["-png", "-r", "80", "-singlefile", (await saved.path())!, `${SHOTS}/receipt-pdf`]);
  await page.screenshot({ path: `${SHOTS}/receipt-buttons-1440.png` });

  const print = page.getByRole("link", { name: "Imprimir" });
  await expect(print).toHaveAttribute("target", "_blank");
  const href = (await print.getAttribute("href"))!;
  expect(href).toBe(`/api/payments/${COMPLETED.id}/receipt?disposition=inline`);
  const inline = await page.request.get(href);
  expect(inline.status()).toBe(200);
  expect(inline.headers()["content-type"]).toBe("application/pdf");
  expect(inline.headers()["content-disposition"]).toBe(`inline; filename="comprovante_${COMPLETED.endToEnd}.pdf"`);
});

test("a payment that is not completed has no comprovante buttons, and the API says why", async ({ page }) => {
  await page.goto("/payments/sandbox-known-pending");
  await expectHydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("receipt-buttons")).toHaveCount(0);
  const refused = await page.request.get("/api/payments/sandbox-known-pending/receipt");
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({ error: expect.stringContaining("Aguardando autorização") });
});
