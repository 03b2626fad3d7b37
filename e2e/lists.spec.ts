import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E, storageStateFor, type E2EAccount } from "./env";
import { expectHydrated } from "./hydrated";
import { SHOTS, freshCpf, uniqueName } from "./register-helpers";

/**
 * Every list drawn by the one data table, at 1440 and 390 px: the list shows (a table on a wide
 * screen; its cards or a table scrolling inside its box on a phone), the page itself never
 * scrolls sideways, and a screenshot of each is kept to compare by eye.
 */

type List = { name: string; path: string; as: E2EAccount; wide: string; phone: string };

const LISTS: List[] = [
  { name: "transfers", path: "/transfers?view=all", as: "operator", wide: "[data-testid=transfers-table]", phone: "ul li[data-transfer-id]" },
  { name: "inbox", path: "/transfers?view=inbox", as: "approver", wide: "[data-testid=inbox-items] tr[data-inbox-item]", phone: "li[data-inbox-item]" },
  { name: "batches", path: "/batches", as: "operator", wide: "[data-testid=batches-list], main [role=status]", phone: "main ul li a[href^='/batches/'], main [role=status]" },
  { name: "receivers", path: "/receivers", as: "operator", wide: "[data-testid=receivers-table]", phone: "li[data-receiver]" },
  { name: "users", path: "/users", as: "admin", wide: "main table tr[data-user]", phone: "main table tr[data-user]" },
  { name: "audit", path: "/audit", as: "admin", wide: "main table", phone: "main table" },
  { name: "events", path: "/events", as: "admin", wide: "main table, main .border-dashed", phone: "main table, main .border-dashed" },
  { name: "alerts", path: "/alerts", as: "admin", wide: "[data-testid=alerts], main [role=status]", phone: "[data-testid=alerts], main [role=status]" },
  { name: "payments", path: "/payments", as: "viewer", wide: "main table", phone: "main table" },
];

async function pageAs(browser: Browser, account: E2EAccount, width: number): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStateFor(account), viewport: { width, height: 900 } });
  await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
  return context.newPage();
}

test.beforeAll(async ({ browser }) => {
  // Something in each of our own lists: a request that goes at once, one that waits for an approver, a saved receiver.
  const page = await pageAs(browser, "operator", 1280);
  const headers = { origin: E2E.appUrl };
  for (const value_cents of [4_321, 150_000]) {
    const res = await page.request.post("/api/transfers", {
      data: { idempotent_id: `e2e-lists-${value_cents}-${Date.now()}`, value_cents, initiation_type: "dict", receiver_name: uniqueName("lists"), receiver_document: freshCpf(), pix_key_type: "email", pix_key: "lists@example.com" },
      headers,
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const saved = await page.request.post("/api/receivers", {
    data: { nickname: uniqueName("Aluguel"), initiation_type: "dict", receiver_name: "Imobiliária Sol Ltda", receiver_document: freshCpf(), pix_key_type: "email", pix_key: "financeiro@sol.test" },
    headers,
  });
  expect(saved.status(), await saved.text()).toBe(201);
  await page.context().close();
});

for (const width of [1440, 390]) {
  for (const list of LISTS) {
    test(`${list.name} at ${width} px: shown, and the page never scrolls sideways`, async ({ browser }) => {
      const page = await pageAs(browser, list.as, width);
      await page.goto(list.path);
      await expect(page.locator(width < 768 ? list.phone : list.wide).first()).toBeVisible();
      await expectHydrated(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${SHOTS}/list-${list.name}-${width}.png`, fullPage: true });
      await page.context().close();
    });
  }
}
