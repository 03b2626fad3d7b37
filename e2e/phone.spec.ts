import { expect, test, type Browser, type BrowserContext, type CDPSession, type Page } from "@playwright/test";
import { E2E, storageStateFor, type E2EAccount } from "./env";
import { clearInbox } from "./inbox-checks";
import { freshCpf } from "./register-helpers";

/**
 * Approving from a phone, in Chromium at 390 px: the back office installs (its manifest is what
 * Chrome asks for, its service worker runs and shows the offline page), a new approver registers
 * a passkey on a virtual authenticator (CDP WebAuthn, user verification on) and approves with it
 * without typing a password, then signs in with it. A fresh account: a passkey changes how the
 * demo accounts other specs share would step up.
 */
const SHOTS = "test-results/shots";
const ORIGIN = { origin: E2E.appUrl };
const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36);
const STEP_UP_WINDOW_MS = 20_000; // STEP_UP_AFTER_SECONDS of the e2e server (scripts/e2e-server.sh)

test.use({ serviceWorkers: "allow" });

async function contextAs(browser: Browser, account: E2EAccount | null): Promise<BrowserContext> {
  const context = await browser.newContext({
    storageState: account ? storageStateFor(account) : { cookies: [], origins: [] },
    baseURL: E2E.appUrl,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: "allow",
  });
  await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
  return context;
}

/** A platform authenticator with a fingerprint reader that always recognises its owner. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = (await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })) as { authenticatorId: string };
  return { cdp, id: authenticatorId };
}

test("installable: the manifest Chrome reads is valid, the service worker is active and controls the page, offline shows a page that keeps nothing", async ({ browser }) => {
  const context = await contextAs(browser, "viewer");
  const page = await context.newPage();
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/application\/manifest\+json/);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({ name: "Back office Pix", short_name: "Pix", start_url: "/transfers?view=inbox", display: "standalone", scope: "/" });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);

  // Lighthouse's installability criteria (its own run needs a network this machine does not
  // have), checked one by one: a name, a start_url in scope, a standalone display, PNG icons of
  // 192 and 512 px that load with those sizes, a maskable one, and a service worker with a fetch
  // handler controlling the start_url.
  for (const size of [192, 512]) {
    for (const purpose of ["any", "maskable"]) {
      const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === purpose && i.type === "image/png");
      expect(icon, `${size} px ${purpose}`).toBeTruthy();
      const png = await page.request.get(icon!.src);
      expect(png.status()).toBe(200);
      const body = await png.body();
      expect(body.subarray(1, 4).toString()).toBe("PNG");
      expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([size, size]);
    }
  }

  // `ready` resolves once a worker is active; it may still be finishing its activation then.
  const worker = async () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { state: registration.active?.state, script: registration.active?.scriptURL, scope: registration.scope };
    });
  await expect.poll(worker).toEqual({ state: "activated", script: `${E2E.appUrl}/sw.js`, scope: `${E2E.appUrl}/` });
  await page.goto(manifest.start_url.replace("/transfers?view=inbox", "/"));
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`${E2E.appUrl}/sw.js`);

  // Chrome's own verdict on this page (the check behind its install prompt), through CDP.
  const cdp = await context.newCDPSession(page);
  const parsed = (await cdp.send("Page.getAppManifest")) as { errors: Array<{ message: string }>; url: string };
  expect(parsed.errors).toEqual([]);
  const verdict = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: Array<{ errorId: string }> };
  // "in-incognito" is about Playwright's throwaway profile, not the app: every other criterion must hold.
  expect(verdict.installabilityErrors.filter((e) => e.errorId !== "in-incognito")).toEqual([]);

  // Offline: the worker answers a page that says so; it holds no copy of anything.
  await context.setOffline(true);
  await page.goto("/payments").catch(() => undefined);
  await expect(page.getByRole("heading", { name: "Sem conexão" })).toBeVisible();
  await expect(page.getByText("não guarda pagamentos, saldos nem aprovações neste aparelho")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/phone-offline-390.png` });
  await context.setOffline(false);
  expect(await page.evaluate(async () => (await caches.keys()).length)).toBe(0);
  await context.close();
});

test("a new approver registers a passkey at 390 px, approves from the phone decision page with it (no password typed), the next item opens; then signs in with it", async ({ browser }) => {
  test.setTimeout(120_000);
  // A new approver: asked by one admin, confirmed by the other (a money role), who gets the link.
  const admin = await contextAs(browser, "admin");
  const email = `aprovadora-${stamp}@demo.test`;
  const asked = await admin.request.post("/api/users", { data: { email, name: "Aprovadora Celular", role: "approver" }, headers: ORIGIN });
  expect(asked.status(), await asked.text()).toBe(202);
  const pendingId = ((await asked.json()) as { pending_change: { id: string } }).pending_change.id;
  const admin2 = await contextAs(browser, "admin2");
  const confirmed = await admin2.request.post(`/api/admin/pending-changes/${pendingId}/confirm`, { headers: ORIGIN });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const link = ((await confirmed.json()) as { set_password_url: string }).set_password_url;

  const phone = await contextAs(browser, null);
  const page = await phone.newPage();
  const authenticator = await virtualAuthenticator(page);
  await page.goto(link);
  await page.locator('input[name="password"]').fill("senha-da-aprovadora-1");
  await page.locator('input[name="confirm"]').fill("senha-da-aprovadora-1");
  await page.getByRole("button", { name: "Salvar senha" }).click();
  await expect(page).not.toHaveURL(/\/login/);

  // The passkey, on /settings/security (the session is fresh: no step-up asked).
  await page.goto("/settings/security");
  const passkeys = page.getByRole("button", { name: "Criar uma chave de acesso neste aparelho" });
  await passkeys.click();
  await expect(page.getByText("Chave de acesso criada")).toBeVisible();
  const registeredAt = Date.now();
  await expect(page.getByRole("list", { name: "Chaves de acesso" }).getByRole("listitem")).toHaveCount(1);
  const { credentials } = (await authenticator.cdp.send("WebAuthn.getCredentials", { authenticatorId: authenticator.id })) as { credentials: Array<{ isResidentCredential: boolean }> };
  expect(credentials).toHaveLength(1);
  await page.screenshot({ path: `${SHOTS}/phone-security-390.png`, fullPage: true });

  // Two requests wait for her, and nothing else (what earlier specs left is rejected first).
  await clearInbox(page.request, E2E.appUrl);
  const operator = await contextAs(browser, "operator");
  const ids: string[] = [];
  for (const [i, cents] of [150_000, 275_050].entries()) {
    const res = await operator.request.post("/api/transfers", {
      data: {
        idempotent_id: `e2e-phone-${stamp}-${i}`,
        value_cents: cents,
        initiation_type: "dict",
        receiver_name: `Fornecedora Celular ${i} ${stamp}`,
        receiver_document: freshCpf(),
        pix_key_type: "email",
        pix_key: `celular${i}@example.com`,
        description: `Nota fiscal ${1000 + i}`,
      },
      headers: ORIGIN,
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { transfer: { id: string } }).transfer.id);
  }

  // The inbox on the phone: a card opens the one-screen decision page.
  await page.goto("/transfers?view=inbox");
  const card = page.locator(`li[data-inbox-item=request][data-id="${ids[0]}"]`);
  await card.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/transfers/${ids[0]}/decide$`));
  const decision = page.getByTestId("phone-decision");
  await expect(decision.getByTestId("phone-amount")).toHaveText("R$\u00a01.500,00");
  await expect(decision.getByTestId("phone-receiver")).toHaveText(`Fornecedora Celular 0 ${stamp}`);
  await expect(decision.getByTestId("phone-document")).toHaveText(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/);
  await expect(decision.getByTestId("first-payment")).toBeVisible();
  await expect(decision).toContainText("operator@demo.test");
  await expect(decision).toContainText("Nota fiscal 1000");
  await expect(decision.getByTestId("phone-approvals")).toHaveText("0 de 1 aprovações");
  const approve = page.getByRole("button", { name: "Aprovar", exact: true });
  // Within thumb reach: the whole action bar in the bottom quarter of the screen, no scrolling.
  const box = await approve.boundingBox();
  expect(box!.y).toBeGreaterThan(PHONE.height * 0.75);
  expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: `${SHOTS}/phone-decision-390.png` });

  // Past the step-up window: approving asks for the passkey, and nothing is typed.
  await page.waitForTimeout(Math.max(0, registeredAt + STEP_UP_WINDOW_MS + 1_000 - Date.now()));
  const stepUps: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/me/step-up") stepUps.push(r.postData() ?? "");
  });
  const asksFirst = page.waitForResponse((r) => r.url().endsWith(`/api/transfers/${ids[0]}/approve`));
  await approve.click();
  const first = await asksFirst;
  expect(first.status()).toBe(403);
  expect(await first.json()).toMatchObject({ kind: "step_up_required", step_up: "passkey" });
  const dialog = page.getByRole("dialog", { name: "Confirme que é você" });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator("input")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/phone-step-up-passkey-390.png` });
  const approved = page.waitForResponse((r) => r.url().endsWith(`/api/transfers/${ids[0]}/approve`) && r.status() === 200);
  await dialog.getByRole("button", { name: "Confirmar com a chave de acesso" }).click();
  await approved;
  expect(stepUps).toHaveLength(1);
  expect(Object.keys(JSON.parse(stepUps[0]!) as object)).toEqual(["passkey"]);

  // The next item opens.
  await expect(page).toHaveURL(new RegExp(`/transfers/${ids[1]}/decide$`));
  await expect(page.getByTestId("phone-amount")).toHaveText("R$\u00a02.750,50");
  await page.screenshot({ path: `${SHOTS}/phone-decision-next-390.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/phone-decision-next-1440.png` });
  await page.goto("/settings/security");
  await expect(page.getByRole("list", { name: "Chaves de acesso" }).getByRole("listitem")).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/phone-security-1440.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  const detail = await operator.request.get(`/api/transfers/${ids[0]}`);
  expect(((await detail.json()) as { transfer: { state: string; approvals: Array<{ approver: { email: string } }> } }).transfer).toMatchObject({ approvals: [{ approver: { email } }] });
  // The audit says how: a step-up by passkey.
  const audit = await admin.request.get(`/api/audit?action=auth.step_up&actor=${encodeURIComponent(email)}`);
  expect(JSON.stringify(await audit.json())).toContain('"method":"passkey"');

  // Signed out, she signs in with the passkey alone.
  expect((await page.request.post("/api/auth/sign-out", { data: {}, headers: ORIGIN })).status()).toBe(200);
  await page.goto("/login?next=%2Ftransfers%3Fview%3Dinbox");
  await page.getByRole("button", { name: "Entrar com chave de acesso" }).click();
  await expect(page).toHaveURL(/\/transfers\?view=inbox$/);
  await expect(page.locator(`li[data-inbox-item=request][data-id="${ids[1]}"]`)).toBeVisible();

  // Left as found: the second request rejected.
  const rejected = await admin.request.post(`/api/transfers/${ids[1]}/reject`, { data: { reason: "Fim do teste" }, headers: ORIGIN });
  expect(rejected.status(), await rejected.text()).toBe(200);
  for (const c of [admin, admin2, operator, phone]) await c.close();
});

test("the decision page is for those who approve: viewer, support and operator are not allowed", async ({ browser }) => {
  for (const role of ["viewer", "support", "operator"] as const) {
    const context = await contextAs(browser, role);
    const page = await context.newPage();
    expect((await page.goto("/transfers/00000000-0000-0000-0000-000000000000/decide"))?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Você não tem acesso a esta página" })).toBeVisible();
    await context.close();
  }
});
