import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { E2E, storageStateFor } from "./env";
import { expectHydrated } from "./hydrated";

test.use({ storageState: storageStateFor("viewer") });

// Fixed sandbox records (sandbox/fixtures.ts).
const PAID = "E18236120202611161230SBXQRPAID01";
const AWAITING = "E18236120202611181200SBXQRAWAIT1";

type ListAnswer = {
  qrcodes: Array<{ reference_code: string; end_to_end: string | null; status: string; value_cents: number }>;
  meta: { total_pages: number; total_items_amount: number; total_value_cents: number };
};

async function listFromApi(page: Page, params: Record<string, string>): Promise<ListAnswer> {
  const response = await page.request.get(`/api/qrcodes?${new URLSearchParams(params).toString()}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ListAnswer;
}

/** The page shows exactly this query: totals from the provider's meta, the rows of its first page. */
async function expectView(page: Page, params: Record<string, string>): Promise<ListAnswer> {
  const answer = await listFromApi(page, params);
  await expect(page.getByTestId("total-charges")).toHaveAttribute("data-value", String(answer.meta.total_items_amount));
  await expect(page.getByTestId("total-value")).toHaveAttribute("data-value", String(answer.meta.total_value_cents));
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
  if (answer.qrcodes.length > 0) await expect(page.locator("tbody tr")).toHaveCount(answer.qrcodes.length);
  return answer;
}

/** The sandbox's credentials: this deployment's generated ones when present, the old defaults otherwise. */
function sandboxCredentials(): { id: string; secret: string } {
  const file = join(E2E.dataDir, "sandbox-secrets.json");
  const secret = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { clientSecret: string }).clientSecret : "sandbox-secret";
  return { id: "sandbox-client", secret };
}

async function sandboxToken(page: Page): Promise<string> {
  const { id, secret } = sandboxCredentials();
  const res = await page.request.post(`${E2E.sandboxUrl}/auth/generate_token`, {
    headers: { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}` },
    data: { grant_type: "client_credentials" },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

test("the charges page: totals from meta, filters in the URL, a row opens its QR code record", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/qrcodes");
  await expect(page.getByRole("heading", { level: 1, name: "Charges (QR codes)" })).toBeVisible();
  await expectHydrated(page);
  await expectView(page, {});
  await expect(page.getByText("No filters: all charges")).toBeVisible();
  await page.screenshot({ path: "test-results/shots/qrcodes-1440.png" });

  // A filter from the toolbar: the URL holds it, the chip names it, the totals follow.
  await page.getByLabel("Status", { exact: true }).selectOption("awaiting_payment");
  await expect(page).toHaveURL(/\/qrcodes\?status=awaiting_payment$/);
  const awaiting = await expectView(page, { status: "awaiting_payment" });
  expect(awaiting.qrcodes.every((q) => q.status === "awaiting_payment")).toBe(true);
  await expect(page.getByRole("group", { name: "Active filters" })).toContainText("Awaiting payment");

  // The URL is the state: a reload keeps the view; back goes to the unfiltered one.
  await page.reload();
  await expectView(page, { status: "awaiting_payment" });
  await page.goBack();
  await expect(page).toHaveURL(/\/qrcodes$/);

  // A row's end-to-end ID links to the existing QR code record page.
  await page.goto(`/qrcodes?end_to_end=${PAID}`);
  await expectView(page, { end_to_end: PAID });
  await page.locator("tbody tr").first().getByRole("link", { name: PAID }).click();
  await expect(page).toHaveURL(`/qrcodes/${PAID}`);
});

test("a link's refused values are left out and said so; filters the provider lacks are not offered", async ({ page }) => {
  await page.goto(`/qrcodes?status=completed&end_to_end=${AWAITING}`);
  await expect(page.getByRole("status").filter({ hasText: "left out" })).toContainText("Status (“completed”)");
  await expectView(page, { end_to_end: AWAITING });
  await expect(page.getByLabel("Receiver name")).toHaveCount(0);
  await expect(page.getByLabel("Payer", { exact: true })).toBeVisible();
});

test("a charge paid at the provider shows up with its end-to-end ID", async ({ page }) => {
  const token = await sandboxToken(page);
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.post(`${E2E.sandboxUrl}/v1/pix/qrcodes`, { headers, data: { value_cents: 7_777, external_reference: `e2e-${Date.now()}` } });
  expect(created.status()).toBe(201);
  const reference = ((await created.json()) as { qrcode: { reference_code: string } }).qrcode.reference_code;

  await page.goto(`/qrcodes?reference_code=${reference}`);
  await expectView(page, { reference_code: reference });
  await expect(page.locator("tbody tr").first()).toContainText("Unpaid: no end-to-end ID yet");

  expect((await page.request.post(`${E2E.sandboxUrl}/v1/pix/qrcodes/${reference}/pay`, { headers, data: {} })).status()).toBe(200);
  await page.reload();
  const [paid] = (await expectView(page, { reference_code: reference })).qrcodes;
  expect(paid?.status).toBe("paid");
  await expect(page.locator("tbody tr").first().getByRole("link", { name: paid!.end_to_end! })).toBeVisible();
});

test.describe("in Portuguese, on a phone", () => {
  test.beforeEach(async ({ context }) => {
    await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
  });

  test("the page reads in Brazilian Portuguese and fits 390 px", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/qrcodes?status=paid");
    await expect(page.getByRole("heading", { level: 1, name: "Cobranças (QR codes)" })).toBeVisible();
    await expectView(page, { status: "paid" });
    await expect(page.getByText("Valor total")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: "test-results/shots/qrcodes-390-pt.png", fullPage: false });
  });
});
