import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { E2E, storageStateFor, webhookSecrets } from "./env";
import { expectHydrated } from "./hydrated";
import { expectView } from "./payments-table-helpers";
import { paidChargeNotified } from "./sandbox-payer";

/**
 * The back office as Brazilian staff see it: Portuguese words (business words from the glossary),
 * Brazilian formats (dd/mm/aaaa HH:mm, R$ 1.234,56) whatever the language, the header's language
 * switch, and the choice kept on the user (a new session starts in it). Runs as approver2, whom
 * no other spec signs in afresh, so the stored choice cannot leak into another spec.
 */
const USER = "approver2@demo.test";
const SHOTS = "test-results/shots";
const PAYMENT = "sandbox-known-completed-qr";
const QRCODE = "E18236120202611161230SBXQRPAID01";

const DATE_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;
const BRL = /^R\$\u00a0\d{1,3}(\.\d{3})*,\d{2}$/;

/** Signs in through /login in a fresh browser (no cookies at all: a new session). */
async function signIn(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: E2E.appUrl });
  const page = await context.newPage();
  await page.goto("/login");
  await expectHydrated(page);
  await page.locator("input[type=email]").fill(USER);
  await page.locator("input[type=password]").fill(E2E.password);
  await page.locator("form button[type=submit]").click();
  await expect(page).not.toHaveURL(/\/login/);
  return { context, page };
}

async function switchTo(page: Page, language: RegExp) {
  await expectHydrated(page);
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/me/locale") && r.request().method() === "POST");
  await page.getByRole("banner").getByRole("button", { name: language }).click();
  expect((await saved).status()).toBe(200);
}

test.describe("in Portuguese", () => {
  test("payments, a payment and the event log in Portuguese with Brazilian formats; English by the header switch and back, kept on the user", async ({ browser }) => {
    const { context, page } = await signIn(browser);
    // Without a choice the back office is in Portuguese.
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");

    await page.goto("/payments?status=completed");
    const answer = await expectView(page, { status: "completed" });
    await expect(page).toHaveTitle("Pagamentos · Back office Pix");
    await expect(page.getByRole("heading", { level: 1, name: "Pagamentos" })).toBeVisible();
    for (const column of ["Registrado em", "Situação", "Valor", "Recebedor", "CPF/CNPJ", "Código de referência", "ID fim a fim", "Pago em"]) {
      await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
    }
    await expect(page.getByLabel("Situação", { exact: true })).toHaveValue("completed");
    await expect(page.getByRole("group", { name: "Filtros ativos" })).toContainText("Situação:Concluído");
    await expect(page.getByText("Horários de Brasília")).toBeVisible();
    const first = page.locator("tbody tr").first();
    await expect(first.locator("td[data-column='registration_date'] time")).toHaveText(DATE_TIME);
    await expect(first.locator("td[data-column='registration_date'] time")).toHaveAttribute("title", /horário de Brasília/);
    await expect(first.locator("td[data-column='value_cents']")).toHaveText(BRL);
    await expect(first.locator("[data-status]")).toHaveText("Concluído");
    await expect(page.getByTestId("total-value")).toHaveText(BRL);
    await expect(page.getByTestId("page-status")).toHaveText(`Página 1 de ${answer.meta.total_pages}`);
    await expect(first.getByRole("button", { name: "Copiar ID fim a fim" })).toBeVisible();

    await page.goto(`/payments/${PAYMENT}`);
    const detail = page.getByRole("article", { name: "Detalhes do pagamento" });
    await expect(detail.getByRole("heading", { level: 1 })).toHaveText("Pagamento de R$\u00a01.259,90");
    await expect(page).toHaveTitle(`Pagamento ${PAYMENT} · Back office Pix`);
    await expect(detail.locator("[data-status='completed']").first()).toHaveText("Concluído");
    await expect(page.getByRole("region", { name: "Recebedor" })).toContainText("Corrente");
    const ids = page.getByRole("region", { name: "Identificadores" });
    for (const label of ["ID do parceiro", "Código de referência", "ID fim a fim"]) {
      await expect(ids.getByRole("button", { name: `Copiar ${label}` })).toBeVisible();
    }
    const dates = page.getByRole("region", { name: "Datas" });
    await expect(dates).toContainText("horário de Brasília");
    await expect(dates.locator("time").first()).toHaveText(/^16\/11\/2026 09:29:58/);
    await expect(page.getByRole("list", { name: "Linha do tempo da situação" }).locator("[data-step='sent']")).toContainText(
      "Horário não informado pelo provedor",
    );
    await expect(page.getByRole("link", { name: "Voltar aos pagamentos" })).toBeVisible();

    // A delivery the receiver refuses (not a notification), so the log has a row whatever the clock did.
    const refused = await page.request.post("/api/webhooks/pix", {
      headers: { authorization: webhookSecrets().authorization },
      data: { notification_type: "nothing-we-know" },
    });
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    await page.goto("/events?result=rejected");
    await expect(page.getByRole("heading", { level: 1, name: "Eventos de webhook" })).toBeVisible();
    await expect(page.getByLabel("Resultado")).toHaveValue("rejected");
    const row = page.locator("tbody tr").first();
    await expect(row).toContainText("Rejeitada:");
    await expect(row.locator("time").first()).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    await expect(page.getByRole("columnheader", { name: "Recebida em" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/pt-BR-events-rejected.png`, fullPage: true });

    // English by the header's switch: the page comes back in English, formats stay Brazilian.
    await switchTo(page, /English/);
    await expect(page.getByRole("heading", { level: 1, name: "Webhook events" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("tbody tr").first()).toContainText("Rejected:");
    await page.goto(`/payments/${PAYMENT}`);
    await expect(page.getByRole("region", { name: "Identifiers" })).toContainText("Partner ID");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("R$\u00a01.259,90");
    await context.close();

    // A new session starts in the language stored on the user.
    const english = await signIn(browser);
    await expect(english.page.locator("html")).toHaveAttribute("lang", "en");
    await english.page.goto("/payments");
    await expect(english.page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
    // And back to Portuguese, kept for the next session too.
    await switchTo(english.page, /Português/);
    await expect(english.page.getByRole("heading", { level: 1, name: "Pagamentos" })).toBeVisible();
    await english.context.close();
    const portuguese = await signIn(browser);
    await expect(portuguese.page.locator("html")).toHaveAttribute("lang", "pt-BR");
    await portuguese.context.close();
  });
});

test.describe("screenshots in Portuguese", () => {
  test.use({ storageState: storageStateFor("admin") });

  const PAGES = [
    { name: "payments", path: "/payments", ready: (page: Page) => expectView(page, {}) },
    { name: "payment-detail", path: `/payments/${PAYMENT}`, ready: (page: Page) => expect(page.getByRole("article")).toBeVisible() },
    { name: "qrcode-detail", path: `/qrcodes/${QRCODE}`, ready: (page: Page) => expect(page.getByTestId("qr-image")).toBeVisible() },
    { name: "events", path: "/events", ready: (page: Page) => expect(page.locator("main h1")).toHaveText("Eventos de webhook") },
    { name: "audit", path: "/audit", ready: (page: Page) => expect(page.locator("main table")).toBeVisible() },
  ];

  for (const width of [1600, 1440, 1280, 1024, 390]) {
    test(`each page at ${width} px: one-line header, nothing scrolls sideways`, async ({ page, context }) => {
      await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      // A QR code row on /events, whatever ran before: its status badge has a visually hidden prefix
      // (absolute), which once widened the page to 601 px at 390 px outside the table's scroll box.
      if (width === 390) await paidChargeNotified(page);
      for (const target of PAGES) {
        await page.goto(target.path);
        await target.ready(page);
        await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
        await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
        // The header is one line (48 px) with every link of an admin.
        expect((await page.getByRole("banner").boundingBox())?.height).toBe(48);
        expect(await overlappingHeaderControls(page), `${target.name}: header controls drawn over each other`).toEqual([]);
        if (width >= 1440) {
          // Room to spare beside the links, whatever badges are already shown: one more count badge
          // or "Reconectando" instead of "Ao vivo" must still fit (13 px were left at 1600 px once).
          expect(await headerSlack(page), `${target.name}: free room in the header`).toBeGreaterThanOrEqual(40);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth), target.name).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${SHOTS}/pt-BR-${target.name}-${width}.png`, fullPage: width > 600 });
        if (target.name === "payments" && width === 1440 && process.env.README_SHOT === "1") {
          await page.screenshot({ path: "docs/screenshots/payments.png" });
        }
      }
      // The links that do not fit are in the header's menu.
      await page.getByRole("banner").getByRole("button", { name: width < 1024 ? "Menu" : "Mais" }).click();
      await expect(page.getByRole("group", { name: "Páginas" }).getByRole("link", { name: "Auditoria" })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/pt-BR-header-menu-${width}.png` });
      await page.keyboard.press("Escape");
      await expect(page.getByRole("group", { name: "Páginas" })).toBeHidden();
      // Everything at its widest at once, whatever state other specs left on this stack: two counts
      // on Transferências, 99+ alerts, "Reconectando", an eight-digit balance, a long e-mail. Still
      // one line, nothing drawn over anything (the loop's run 4 under load met 13 px left at 1440 px).
      await expectWidestHeaderFits(page, `${width} px`, 48);
      await page.screenshot({ path: `${SHOTS}/pt-BR-header-widest-${width}.png`, clip: { x: 0, y: 0, width, height: 48 } });
    });
  }
});

test.describe("with the browser's font size set to Large (20 px)", () => {
  test.use({ storageState: storageStateFor("admin") });

  // Chromium's Settings > Appearance > Font size. The header's breakpoints are in rem, like its
  // spacing and text, so the whole header scales as one: 1600 px at 20 px is 1280 px at 16 px.
  test("the header keeps to one line at 1920, 1600 and 1440 px, widest content included", async ({ page, context }) => {
    await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Page.setFontSizes", { fontSizes: { standard: 20 } });
    for (const width of [1920, 1600, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/audit");
      await expect(page.locator("main table")).toBeVisible();
      await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe("20px");
      await expectWidestHeaderFits(page, `${width} px`, 60);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${SHOTS}/pt-BR-header-large-font-${width}.png`, clip: { x: 0, y: 0, width, height: 60 } });
    }
  });
});

/** With the widest content in it (widenHeader), the header is one line (3rem tall), nothing drawn over anything. */
async function expectWidestHeaderFits(page: Page, where: string, lineHeightPx: number): Promise<void> {
  await widenHeader(page);
  expect((await page.getByRole("banner").boundingBox())?.height, `${where}: widest header on one line`).toBe(lineHeightPx);
  expect(await overlappingHeaderControls(page), `${where}: widest header, controls drawn over each other`).toEqual([]);
  expect(await headerSlack(page), `${where}: widest header, the links and the controls meet`).toBeGreaterThanOrEqual(0);
}

/**
 * Puts the widest content the header can meet in it, in place of what it shows (last thing in a
 * test): two two-digit counts on Transferências (CountBadge's classes), 99+ alerts, "Reconectando…",
 * an eight-digit balance and a long e-mail.
 */
async function widenHeader(page: Page): Promise<void> {
  // Connected first: the indicator's own update would otherwise put back its shorter word.
  await expect(page.locator('header [data-live-state="open"]')).toBeVisible({ timeout: 15_000 });
  await page.evaluate(() => {
    const header = document.querySelector("header")!;
    for (const shown of header.querySelectorAll("[data-testid=inbox-badge], [data-testid=attention-badge], [data-testid=alert-bell-count]")) shown.remove();
    const transfers = [...header.querySelectorAll("nav a")].find((a) => a.getAttribute("href") === "/transfers");
    for (const [count, colour] of [["12", "bg-amber-500"], ["34", "bg-red-600"]]) {
      const badge = document.createElement("span");
      badge.textContent = count!;
      badge.className = `rounded-full px-1.5 text-xs font-semibold leading-5 text-white ${colour}`;
      transfers?.appendChild(badge);
    }
    const alerts = document.createElement("span");
    alerts.textContent = "99+";
    alerts.className = "absolute -right-1 -top-1 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] font-semibold leading-4 text-white";
    header.querySelector("[data-testid=alert-bell]")?.appendChild(alerts);
    const live = header.querySelector("[role=status]")?.lastElementChild;
    if (live) live.textContent = "Reconectando…";
    for (const span of header.querySelectorAll("[data-testid=balance-badge] span")) if (span.textContent?.startsWith("R$")) span.textContent = "R$ 10.000.000,00";
    for (const line of header.querySelectorAll("div.truncate")) if (line.textContent?.includes("@")) line.textContent = "maria.fernanda.albuquerque@empresa-exemplo.com.br";
  });
}

/**
 * Pixels between the last link drawn and the start of the header's right-hand controls: from the
 * links themselves, not the navigation's box, which shrinks to the gap while its links run on
 * under the controls.
 */
function headerSlack(page: Page): Promise<number> {
  return page.evaluate(() => {
    const bar = document.querySelector("header > div")!;
    const drawn = [...bar.querySelector("nav")!.children].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0);
    const right = (bar.lastElementChild as HTMLElement).getBoundingClientRect();
    return Math.round(right.left - Math.max(...drawn.map((r) => r.right)));
  });
}

/** Pairs of visible header controls (links, buttons, the balance) whose boxes intersect. */
function overlappingHeaderControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = [...document.querySelectorAll("header a, header button, header [data-testid=balance-badge]")].filter(
      (e) => e.getBoundingClientRect().width > 0 && getComputedStyle(e).visibility !== "hidden",
    );
    const pairs: string[] = [];
    for (let i = 0; i < controls.length; i++) {
      for (let j = i + 1; j < controls.length; j++) {
        const [x, y] = [controls[i]!, controls[j]!];
        if (x.contains(y) || y.contains(x)) continue;
        const [a, b] = [x.getBoundingClientRect(), y.getBoundingClientRect()];
        if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) {
          pairs.push(`${x.textContent?.trim()} × ${y.textContent?.trim()}`);
        }
      }
    }
    return pairs;
  });
}
