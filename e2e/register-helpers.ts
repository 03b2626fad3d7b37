import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from "@playwright/test";
import { cpfCheckDigits } from "../lib/pix/cpf";
import { formatDocument } from "../lib/pix/document";
import { planFor } from "../sandbox/lifecycle";
import { E2E, storageStateFor } from "./env";

/** Shared by the register specs (register, register-outcomes). */
export const SHOTS = "test-results/shots";
/**
 * A valid CPF nobody was paid at before in this run: the approval tiers apply to what one maker
 * sends one receiver over 24 hours, so specs that expect "no approval needed" pay fresh receivers.
 */
let cpfSerial = 0;
export function freshCpf(): string {
  const base = String((Date.now() % 1_000_000) * 1_000 + (++cpfSerial % 1_000)).padStart(9, "0").slice(-9);
  return formatDocument(`${base}${cpfCheckDigits(base)}`);
}
/** A phone Pix key no other spec uses: the 24 h sum per destination is the key's own (four eyes). */
export function freshPhone(): string {
  const digits = String(Date.now() % 100_000_000).padStart(8, "0").slice(0, 4) + String(Math.floor(Math.random() * 10_000)).padStart(4, "0");
  return `(11) 9${digits.slice(0, 4)}-${digits.slice(4)}`;
}
export const BLOCKED_DOCUMENT = "529.982.247-25"; // on the sandbox's blocklist: 403 Receiver not allowed

export type Transfer = { amount: string; name: string; document?: string };

export const uniqueName = (what: string) => `E2E ${what} ${Date.now().toString(36)}`;

export async function control(request: APIRequestContext, path: string, data?: object) {
  const res = await request.post(`${E2E.sandboxUrl}/_control/${path}`, { data: data ?? {} });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

export async function sandboxState(request: APIRequestContext) {
  const res = await request.get(`${E2E.sandboxUrl}/_control/state`);
  return (await res.json()) as { payments: { registered: number }; balance: { availableCents: number } };
}

export const registeredCount = async (request: APIRequestContext) => (await sandboxState(request)).payments.registered;

/** Counts the transfer requests this page creates (POST /api/transfers: a double click must send one). */
export function countRegistrations(page: Page) {
  const seen = { posts: 0 };
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/transfers") seen.posts++;
  });
  return seen;
}

export async function fillCommon(page: Page, t: Transfer) {
  await page.getByLabel("Amount").fill(t.amount);
  await page.getByLabel("Receiver name").fill(t.name);
  await page.getByLabel("Receiver CPF/CNPJ").fill(t.document ?? freshCpf());
}

export async function fillByKey(page: Page, t: Transfer & { keyType?: string; key?: string }) {
  await page.goto("/payments/new");
  await expect(page.getByRole("radio", { name: "By Pix key" })).toBeChecked();
  await fillCommon(page, t);
  await page.getByLabel("Pix key type").selectOption(t.keyType ?? "phone");
  await page.getByLabel("Pix key", { exact: true }).fill(t.key ?? "(11) 91234-5678");
}

export async function review(page: Page) {
  await page.getByRole("button", { name: "Review" }).click();
  await expect(page.getByRole("heading", { name: "Review the transfer" })).toBeVisible();
}

/** The partner ID (idempotent_id) shown on the review step. */
export async function reviewedId(page: Page): Promise<string> {
  const row = page.locator("dt", { hasText: /^Partner ID$/ }).locator("xpath=following-sibling::dd[1]");
  return (await row.innerText()).trim();
}

export async function confirmAndOpenDetail(page: Page): Promise<string> {
  const id = await reviewedId(page);
  await page.getByRole("button", { name: "Confirm transfer" }).click();
  await expect(page).toHaveURL(new RegExp(`/payments/${id}\\?registered=1$`), { timeout: 20_000 });
  await expect(page.getByRole("status").filter({ hasText: "Transfer registered." })).toBeVisible();
  return id;
}

/** The payment as the API has it, then found in the /payments table by its reference code. */
export async function expectInTable(page: Page, id: string, name: string) {
  const res = await page.request.get(`/api/payments/${encodeURIComponent(id)}`);
  expect(res.status()).toBe(200);
  const { payment } = (await res.json()) as { payment: { reference_code: string; receiver_name: string } };
  expect(payment.receiver_name).toBe(name);
  await page.goto(`/payments?reference_code=${encodeURIComponent(payment.reference_code)}`);
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);
  return payment;
}

/** An id the sandbox's lifecycle completes (never cancels, which would give the balance back). */
export function completingId(prefix: string): string {
  for (let i = 0; ; i++) if (planFor(`${prefix}-${i}`) === "complete") return `${prefix}-${i}`;
}

/**
 * The register specs count this stack's payments and drain its balance: they run serially, as
 * the operator, from a reset sandbox, and give the balance back when done. Call at file top level.
 */
export function asOperatorOnResetSandbox(): void {
  test.describe.configure({ mode: "serial" });
  test.use({ storageState: storageStateFor("operator") });
  test.beforeAll(async ({ request }) => {
    await control(request, "reset"); // full balance, no faults, only seeded payments
  });
  test.afterAll(async ({ request }) => {
    await control(request, "reset"); // give the drained balance back to the specs that follow
  });
}

/**
 * Sets this stack's approval policy through the API, as an admin (restore it with DEFAULT_TIERS).
 * A weaker policy waits for a second admin (202): admin2 confirms it.
 */
export async function setPolicy(request: APIRequestContext, tiers: Array<{ from_cents: number; approvals: number }>) {
  const res = await request.put("/api/settings/approvals", {
    data: { tiers, expiry_hours: 24 },
    headers: { origin: E2E.appUrl },
  });
  expect(res.ok(), await res.text()).toBe(true);
  if (res.status() !== 202) return;
  const { pending_change } = (await res.json()) as { pending_change: { id: string } };
  const second = await playwrightRequest.newContext({ baseURL: E2E.appUrl, storageState: storageStateFor("admin2") });
  const confirmed = await second.post(`/api/admin/pending-changes/${pending_change.id}/confirm`, { headers: { origin: E2E.appUrl } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await second.dispose();
}

export const DEFAULT_TIERS = [
  { from_cents: 0, approvals: 0 },
  { from_cents: 100_000, approvals: 1 },
  { from_cents: 1_000_000, approvals: 2 },
];
