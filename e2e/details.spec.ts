import { createRequire } from "node:module";
import { expect, test, type Page } from "@playwright/test";
import jsQR from "jsqr";
import { E2E, storageStateFor } from "./env";

// pngjs ships no type declarations: name the one call used here.
type PngImage = { width: number; height: number; data: Uint8Array };
const { PNG } = createRequire(import.meta.url)("pngjs") as { PNG: { sync: { read(png: Buffer): PngImage } } };

test.use({ storageState: storageStateFor("support") });

// Fixed sandbox records (sandbox/fixtures.ts): the same ids whatever the seed.
const WITH_QR = { id: "sandbox-known-completed-qr", e2e: "E18236120202611161230SBXQRPAID01" };
const NO_QR = { id: "sandbox-known-completed-no-qr", e2e: "E18236120202611161415SBXNOQRCOD1" };
const BAD_CRC = { id: "sandbox-known-bad-crc-1", e2e: "E18236120202611170905SBXBADCRC01" };
const CANCELED_EARLY = "sandbox-known-canceled-early";
const ODD_ID = "NF 2026/0042 ação";

const detailPath = (id: string) => `/payments/${encodeURIComponent(id)}`;

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/shots/${name}.png`, fullPage: true });
}

test.afterEach(async ({ request }) => {
  await request.delete(`${E2E.sandboxUrl}/_control/faults`);
});

test.describe("payment detail", () => {
  test("shows every group of a completed payment, in Brazil time, with copyable ids", async ({ page }) => {
    await page.goto(detailPath(WITH_QR.id));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("1.259,90");
    const main = page.locator("main");
    await expect(main.locator('[data-status="completed"]').first()).toHaveText("Completed");

    const receiver = page.getByRole("region", { name: "Receiver" });
    await expect(receiver).toContainText("Padaria Estrela Ltda");
    await expect(receiver).toContainText("45.723.174/0001-10");
    await expect(receiver).toContainText("Checking");
    await expect(receiver).toContainText("1234");
    await expect(receiver).toContainText("56789-0"); // the account with its check digit, as Brazilians write it

    const key = page.getByRole("region", { name: "Pix key" });
    await expect(key).toContainText("CNPJ");

    const ids = page.getByRole("region", { name: "Identifiers" });
    await expect(ids).toContainText(WITH_QR.id);
    await expect(ids).toContainText(WITH_QR.e2e);
    // Business words, not field names.
    for (const label of ["Partner ID", "Reference code", "End-to-end ID"]) {
      await expect(ids.getByRole("button", { name: `Copy ${label}` })).toBeVisible();
    }

    // Registered 2026-11-16T12:29:58Z = 09:29:58 in Brazil (UTC-3); the offset is on hover.
    const dates = page.getByRole("region", { name: "Dates" });
    const registered = dates.locator("time").first();
    await expect(registered).toHaveText(/16\/11\/2026 09:29:58/);
    await expect(registered).toHaveAttribute("title", /UTC−03:00/);

    const timeline = page.getByRole("list", { name: "Status timeline" });
    await expect(timeline.locator("li")).toHaveCount(4);
    await expect(timeline.locator('[data-step="sent"]')).toContainText("Time not reported by the provider");
    await expect(timeline.locator('[data-step="completed"]')).toContainText("16/11/2026");

    const qr = page.getByRole("region", { name: "QR code record" });
    await expect(qr).toContainText("Paid");
    await qr.getByRole("link", { name: "Open QR code record" }).click();
    await expect(page).toHaveURL(`/qrcodes/${WITH_QR.e2e}`);
  });

  test("says calmly that a payment has no QR code record", async ({ page }) => {
    await page.goto(detailPath(NO_QR.id));
    const qr = page.getByRole("region", { name: "QR code record" });
    await expect(qr).toContainText("No QR code record for this payment");
    await expect(qr.getByRole("alert")).toHaveCount(0);
    await expect(qr.getByRole("button", { name: "Retry" })).toHaveCount(0);
  });

  test("shows a cancel before sending with its reason and no end_to_end", async ({ page }) => {
    await page.goto(detailPath(CANCELED_EARLY));
    const timeline = page.getByRole("list", { name: "Status timeline" });
    await expect(timeline.locator("li")).toHaveCount(2);
    await expect(timeline.locator('[data-step="canceled"]')).toContainText("Autorização recusada");
    await expect(page.getByRole("region", { name: "Dates" })).toContainText("Autorização recusada");
    await expect(page.getByRole("region", { name: "Identifiers" })).toContainText("Not assigned yet");
    await expect(page.getByRole("region", { name: "QR code record" })).toHaveCount(0);
  });

  test("opens an id with a space, a slash and accents", async ({ page }) => {
    await page.goto(detailPath(ODD_ID));
    await expect(page.getByRole("region", { name: "Identifiers" })).toContainText(ODD_ID);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("42,00");
  });

  test("says 'Payment not found' with the id searched and ways back", async ({ page }) => {
    await page.goto(detailPath("no-such-payment-42"));
    await expect(page.getByRole("heading", { name: "Payment not found" })).toBeVisible();
    await expect(page.getByTestId("searched-id")).toHaveText("no-such-payment-42");
    await expect(page.getByRole("link", { name: "Back to payments" })).toHaveAttribute("href", "/payments");
    await expect(page.getByRole("link", { name: "Payments whose reference code contains it" })).toHaveAttribute(
      "href",
      "/payments?reference_code=no-such-payment-42",
    );
    await shoot(page, "payment-not-found");
    await page.getByRole("link", { name: "All payments" }).click();
    await expect(page).toHaveURL(/\/payments$/);
  });

  test("shows the provider's failure with a Retry that works", async ({ page, request }) => {
    const path = `/v1/pix/payments/${encodeURIComponent(NO_QR.id)}/idempotent_id`;
    await request.post(`${E2E.sandboxUrl}/_control/faults`, { data: { path, fault: "500", times: 1000 } });
    await page.goto(detailPath(NO_QR.id));
    const alert = page.getByRole("alert").filter({ hasText: "Could not load this payment" });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(alert).not.toHaveText(/^\s*Could not load this payment\s*$/);
    await request.delete(`${E2E.sandboxUrl}/_control/faults`);
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByRole("region", { name: "Receiver" })).toContainText("Maria Aparecida dos Santos");
  });

  test("goes from the filtered table to a detail and back with the filters intact", async ({ page }) => {
    await page.goto("/payments?status=completed&reference_code=sbxfixture");
    const link = page.locator(`table a[href="${detailPath(WITH_QR.id)}"]`);
    await expect(link).toBeVisible();
    // The table's own URL (it may put the parameters in its own order).
    const tableUrl = page.url();
    expect(tableUrl).toContain("status=completed");
    expect(tableUrl).toContain("reference_code=sbxfixture");
    await link.click();
    await expect(page).toHaveURL(detailPath(WITH_QR.id));
    await expect(page.getByRole("region", { name: "Receiver" })).toBeVisible();
    await page.getByRole("link", { name: "Back to payments" }).click();
    await expect(page).toHaveURL(tableUrl);
    await expect(page.locator(`table a[href="${detailPath(WITH_QR.id)}"]`)).toBeVisible();
  });

  test("links back to /payments when the detail was opened directly", async ({ page }) => {
    await page.goto(detailPath(WITH_QR.id));
    await page.getByRole("link", { name: "Back to payments" }).click();
    await expect(page).toHaveURL(/\/payments$/);
  });
});

test.describe("QR code detail", () => {
  test("shows the record, the decoded BR Code, and an image that decodes to the same content", async ({ page }) => {
    await page.goto(`/qrcodes/${WITH_QR.e2e}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("1.259,90");
    await expect(page.locator('main [data-status="paid"]').first()).toContainText("Paid");
    const parties = page.getByRole("region", { name: "Who charges and who pays" });
    await expect(parties).toContainText("Padaria Estrela Ltda");
    await expect(parties).toContainText("Aurora Comércio Digital Ltda");
    await expect(parties).toContainText("11.222.333/0001-81");

    const content = (await page.getByTestId("qr-content").textContent())?.trim() ?? "";
    expect(content).toMatch(/^000201/);
    await expect(page.getByRole("button", { name: "Copy Copy-and-paste code" })).toBeVisible();

    const decoded = page.getByRole("region", { name: "Decoded BR Code" });
    await expect(decoded.getByTestId("crc-check")).toHaveAttribute("data-state", "valid");
    await expect(decoded).toContainText("45723174000110");
    await expect(decoded).toContainText("1.259,90");
    await expect(decoded.getByRole("alert")).toHaveCount(0);

    const png = PNG.sync.read(await page.getByTestId("qr-image").screenshot());
    const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(read?.data).toBe(content);

    const related = page.getByRole("region", { name: "Payments with this end-to-end ID" });
    await expect(related.getByRole("link", { name: new RegExp(WITH_QR.id) })).toBeVisible();
    await shoot(page, "qrcode-paid");
  });

  test("warns when the code's CRC is wrong", async ({ page }) => {
    await page.goto(`/qrcodes/${BAD_CRC.e2e}`);
    const decoded = page.getByRole("region", { name: "Decoded BR Code" });
    await expect(decoded.getByTestId("crc-check")).toHaveAttribute("data-state", "invalid");
    await expect(decoded.getByRole("alert")).toContainText("checksum");
    await shoot(page, "qrcode-bad-crc");
  });

  test("says 'QR code not found' and lists the payments carrying the id", async ({ page }) => {
    await page.goto(`/qrcodes/${NO_QR.e2e}`);
    await expect(page.getByRole("heading", { name: "QR code not found" })).toBeVisible();
    await expect(page.getByTestId("searched-id")).toHaveText(NO_QR.e2e);
    const related = page.getByRole("region", { name: "Payments with this end-to-end ID" });
    await related.getByRole("link", { name: new RegExp(NO_QR.id) }).click();
    await expect(page).toHaveURL(detailPath(NO_QR.id));
  });

  test("says 'QR code not found' for text that cannot be an end-to-end id", async ({ page }) => {
    await page.goto("/qrcodes/not-an-e2e");
    await expect(page.getByRole("heading", { name: "QR code not found" })).toBeVisible();
  });
});

test.describe("screenshots", () => {
  for (const scheme of ["light", "dark"] as const) {
    test(`payment and QR code details in ${scheme} mode`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(detailPath(WITH_QR.id));
      await expect(page.getByRole("region", { name: "QR code record" })).toContainText("Paid");
      await shoot(page, `payment-detail-${scheme}`);
      await page.goto(detailPath(CANCELED_EARLY));
      await expect(page.getByRole("list", { name: "Status timeline" })).toBeVisible();
      await shoot(page, `payment-canceled-${scheme}`);
      await page.goto(`/qrcodes/${BAD_CRC.e2e}`);
      await expect(page.getByTestId("qr-image")).toBeVisible();
      await shoot(page, `qrcode-detail-${scheme}`);
    });
  }
});
