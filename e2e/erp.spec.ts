import { mkdirSync } from "node:fs";
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser } from "@playwright/test";
import { pdfText } from "../lib/testing/pdf-text";
import { E2E, storageStateFor, type E2EAccount } from "./env";
import { expectHydrated } from "./hydrated";
import { completingId, control, freshCpf } from "./register-helpers";

/**
 * The company's ERP on the API with a service account's token, as the README tells it to: an
 * admin creates the account (operator) and asks for a token, a second admin confirms and gets
 * the value once; the ERP creates a transfer above the approval limit (it waits, like anyone's),
 * a person approves it, the ERP follows it to `paid` (the sandbox clock driven) and downloads its
 * comprovante. A revoked token gets 401, a viewer token cannot create (403), a token past its
 * rate gets 429 with Retry-After; a cookie and a token together are refused (400), and a token
 * never reaches /api/me. Every call is in the audit log under the account.
 */
test.describe.configure({ mode: "serial" });

const SHOTS = "test-results/shots";
const stamp = Date.now().toString(36);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON read off the wire, checked by the assertions
type Json = Record<string, any>;

async function as(browser: Browser, account: E2EAccount): Promise<APIRequestContext> {
  const context = await browser.newContext({ baseURL: E2E.appUrl, storageState: storageStateFor(account) });
  return context.request;
}

/** A program: no cookie, only its token. */
function erp(token: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: E2E.appUrl, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

const json = async (res: { json: () => Promise<unknown> }) => (await res.json()) as Json;
const origin = { origin: E2E.appUrl };

async function serviceAccount(admin: APIRequestContext, name: string, role: "viewer" | "support" | "operator"): Promise<string> {
  const res = await admin.post("/api/service-accounts", { data: { name, role }, headers: origin });
  expect(res.status(), await res.text()).toBe(201);
  const { service_account } = await json(res);
  expect(service_account).toEqual({ id: expect.stringMatching(/^sa_/), name, role });
  return service_account.id;
}

test("an ERP's operator token creates a transfer that waits for a person, follows it to paid and downloads its receipt", async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await as(browser, "admin");
  const admin2 = await as(browser, "admin2");
  const accountId = await serviceAccount(admin, `ERP ${stamp}`, "operator");

  // An operator's token moves money: it waits for a second admin, who sees its value once.
  const asked = await admin.post(`/api/service-accounts/${accountId}/tokens`, { data: {}, headers: origin });
  expect(asked.status(), await asked.text()).toBe(202);
  const change = (await json(asked)).pending_change;
  expect(change.change).toMatchObject({ kind: "service_token", service_account: { id: accountId }, role: "operator" });
  expect((await admin.post(`/api/admin/pending-changes/${change.id}/confirm`, { data: {}, headers: origin })).status()).toBe(403);
  const confirmed = await admin2.post(`/api/admin/pending-changes/${change.id}/confirm`, { data: {}, headers: origin });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const token = (await json(confirmed)).token as { id: string; value: string };
  expect(token.value).toMatch(/^pixbo_[A-Za-z0-9_-]{43}$/);
  const listed = await json(await admin.get("/api/service-accounts"));
  expect(JSON.stringify(listed)).not.toContain(token.value);

  // Above the approval limit: it waits for a person, like anyone's.
  const program = await erp(token.value);
  const idempotentId = completingId(`e2e-erp-${stamp}`);
  const created = await program.post("/api/transfers", {
    data: { idempotent_id: idempotentId, value_cents: 250_000, initiation_type: "dict", receiver_name: "Fornecedor ERP", receiver_document: freshCpf(), pix_key_type: "email", pix_key: "erp@example.com" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const transfer = (await json(created)).transfer;
  expect(transfer).toMatchObject({ state: "awaiting_approval", maker: { id: accountId, email: `service:ERP ${stamp}` } });
  expect(transfer.approvals_required).toBeGreaterThanOrEqual(1);

  // A person approves (after typing the password again: money).
  for (const approver of ["approver", "approver2"] as const) {
    const person = await as(browser, approver);
    expect((await person.post("/api/me/step-up", { data: { password: E2E.password }, headers: origin })).status()).toBe(200);
    const approved = await person.post(`/api/transfers/${transfer.id}/approve`, { data: {}, headers: origin });
    expect(approved.status(), await approved.text()).toBe(200);
    if ((await json(approved)).transfer.approvals.length >= transfer.approvals_required) break;
  }

  // The ERP follows it: sent, registered, then paid once the sandbox's clock moves.
  const stateOf = async () => (await json(await program.get(`/api/transfers/${transfer.id}`))).transfer.state as string;
  await expect.poll(stateOf, { timeout: 20_000 }).toBe("registered");
  for (let step = 0; step < 3 && (await stateOf()) !== "paid"; step++) await control(program, "advance", { ms: E2E.clockStepMs });
  await expect.poll(stateOf, { timeout: 20_000 }).toBe("paid");

  const receipt = await program.get(`/api/transfers/${transfer.id}/receipt`);
  expect(receipt.status(), await receipt.text()).toBe(200);
  expect(receipt.headers()["content-type"]).toBe("application/pdf");
  const pdf = await receipt.body();
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(pdfText(pdf).replace(/\s+/g, " ")).toContain("Fornecedor ERP");

  // Never an approver, never its own account's pages.
  expect((await program.post(`/api/transfers/${transfer.id}/approve`, { data: {} })).status()).toBe(403);
  expect((await program.get("/api/me/notifications")).status()).toBe(403);
  // A cookie and a token at once: refused, whichever would have acted.
  expect((await admin.get("/api/transfers", { headers: { authorization: `Bearer ${token.value}` } })).status()).toBe(400);

  // Every call is in the audit log under the account.
  const audit = await json(await admin.get(`/api/audit?action=service_account.call&actor=${encodeURIComponent(`service:ERP ${stamp}`)}`));
  expect(audit.entries.length).toBeGreaterThanOrEqual(5);
  expect(audit.entries[0]).toMatchObject({ actorId: accountId, detail: { actor_kind: "service_account", token: token.id } });
  const made = await json(await admin.get(`/api/audit?action=transfer.create&actor=${encodeURIComponent(`service:ERP ${stamp}`)}`));
  expect(made.entries).toHaveLength(1);
  await program.dispose();
});

test("a viewer token reads but cannot create (403); revoked it gets 401; past its rate 429 with Retry-After", async ({ browser }) => {
  const admin = await as(browser, "admin");
  const accountId = await serviceAccount(admin, `Leitor ${stamp}`, "viewer");
  const issued = await admin.post(`/api/service-accounts/${accountId}/tokens`, { data: { rate_per_minute: 3, expires_in_days: 30 }, headers: origin });
  expect(issued.status(), await issued.text()).toBe(201);
  const token = (await json(issued)).token as { id: string; value: string };
  const program = await erp(token.value);

  expect((await program.get("/api/payments")).status()).toBe(200);
  const refused = await program.post("/api/transfers", { data: { idempotent_id: `e2e-viewer-${stamp}`, value_cents: 100 } });
  expect(refused.status()).toBe(403);
  expect(await json(refused)).toMatchObject({ allowed_roles: ["operator", "admin"] });
  expect((await program.get("/api/openapi.json")).status()).toBe(200);
  // Three requests this minute were allowed (the refused one counts too); the fourth waits.
  const limited = await program.get("/api/payments");
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);

  const revoked = await admin.delete(`/api/service-accounts/${accountId}/tokens/${token.id}`, { headers: origin });
  expect(revoked.status()).toBe(200);
  expect((await json(revoked)).token.revoked_at).not.toBeNull();
  const after = await program.get("/api/payments");
  expect(after.status()).toBe(401);
  expect(after.headers()["www-authenticate"]).toContain("Bearer");
  const unknown = await erp("pixbo_not-a-token");
  expect((await unknown.get("/api/payments")).status()).toBe(401);
  await program.dispose();
  await unknown.dispose();
});

for (const locale of ["pt-BR", "en"] as const) {
  test(`/users lists the service accounts (${locale}): add one, issue a token shown once, revoke it; 1440 and 390 px`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: E2E.appUrl, storageState: storageStateFor("admin"), viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: E2E.appUrl }]);
    const page = await context.newPage();
    const words =
      locale === "pt-BR"
        ? { title: "Contas de serviço", name: "Nome", add: "Adicionar conta de serviço", issue: "Emitir token", revoke: "Revogar", revoked: /revogado em/ }
        : { title: "Service accounts", name: "Name", add: "Add service account", issue: "Issue token", revoke: "Revoke", revoked: /revoked/ };
    await page.goto("/users");
    await expectHydrated(page);
    const section = page.getByTestId("service-accounts");
    await expect(section.getByRole("heading", { name: words.title })).toBeVisible();
    const name = `Folha ${locale} ${stamp}`;
    await section.getByLabel(words.name, { exact: true }).fill(name);
    await section.getByRole("button", { name: words.add }).click();
    const card = section.locator(`li[data-service-account="${name}"]`);
    await expect(card).toBeVisible();
    await card.getByRole("button", { name: words.issue }).click();
    const value = card.getByTestId("service-token-value");
    await expect(value).toHaveValue(/^pixbo_/);
    mkdirSync(SHOTS, { recursive: true });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/service-accounts-${locale}-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/service-accounts-${locale}-390.png`, fullPage: true });
    page.once("dialog", (dialog) => void dialog.accept());
    await card.getByRole("button", { name: words.revoke }).click();
    await expect(card.locator("[data-token]")).toContainText(words.revoked);
    // The page never shows a token's value again.
    await page.reload();
    await expect(page.getByTestId("service-token-value")).toHaveCount(0);
    await context.close();
  });
}

test("/api/docs renders for an admin (a look at the page)", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: E2E.appUrl, storageState: storageStateFor("admin"), viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/api-docs-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/api-docs-390.png` });
  await context.close();
});
