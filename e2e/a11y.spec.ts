import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E, storageStateFor, type E2ERole } from "./env";
import { expectHydrated } from "./hydrated";

/** This worker's sandbox. */
const SANDBOX_URL = E2E.sandboxUrl;

/**
 * Accessibility of every page: axe (all its default rules, nothing disabled) finds zero
 * violations in the light and the dark theme (dark follows the system: emulated
 * prefers-color-scheme), including the states people meet (empty, not found, validation errors,
 * review step, lookup dialog, provider failure); and the main flows work by keyboard alone.
 */
const SHOTS = "test-results/shots";

type Screen = { name: string; role: E2ERole | null; path: string; ready: (page: Page) => Promise<void> };

const visible = (selector: string) => async (page: Page) => {
  await expect(page.locator(selector).first()).toBeVisible();
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
};

const SCREENS: Screen[] = [
  { name: "login", role: null, path: "/login", ready: visible("form") },
  { name: "not-allowed", role: "viewer", path: "/payments/new", ready: visible("h1#not-allowed-title") },
  { name: "overview", role: "admin", path: "/", ready: visible("[data-testid='time-card'] svg.recharts-surface") },
  // 36 rows of every status, not 100: axe's time grows with the table; every cell kind is there.
  { name: "payments", role: "admin", path: "/payments?receiver_name=souza", ready: visible("tbody tr[data-row]") },
  { name: "payments-empty", role: "admin", path: "/payments?receiver_name=zz-nobody-zz", ready: visible("main h1") },
  // One row is enough here: the table itself is checked above, this adds the notice.
  { name: "payments-ignored-values", role: "admin", path: "/payments?page=abc&status=PAID&end_to_end=E18236120202611161230SBXQRPAID01", ready: visible("tbody tr[data-row]") },
  { name: "payment-detail", role: "admin", path: "/payments/sandbox-known-completed-qr", ready: visible("article[aria-label='Payment detail']") },
  { name: "payment-not-found", role: "admin", path: "/payments/no-such-payment-id", ready: visible("[data-testid='searched-id']") },
  { name: "qrcode", role: "admin", path: "/qrcodes/E18236120202611161230SBXQRPAID01", ready: visible("article[aria-label='QR code detail']") },
  { name: "register", role: "admin", path: "/payments/new", ready: visible("form") },
  { name: "statement", role: "viewer", path: "/statement", ready: visible("[data-testid='statement-table']") },
  { name: "transfers-filters", role: "operator", path: "/transfers?receiver=nobody&min_cents=100", ready: visible("[data-testid='transfer-totals']") },
  { name: "receivers", role: "operator", path: "/receivers", ready: visible("main h1") },
  { name: "cost-centres", role: "admin", path: "/settings/cost-centres", ready: visible("form") },
  { name: "events", role: "admin", path: "/events", ready: visible("main h1") },
  { name: "audit", role: "admin", path: "/audit", ready: visible("main table") },
];

async function expectNoViolations(page: Page, label: string) {
  // Legacy mode runs axe in the page itself instead of opening a blank page to finish the run:
  // the same rules and results (we have no cross-origin frames), in half the time (4.1 s -> 1.7 s
  // on /login, measured).
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const found = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join(" | ")}`);
  expect(found, `${label}: axe violations`).toEqual([]);
}

/**
 * One test per screen, both themes on one page (the second load finds the scripts cached): a
 * fresh context per screen and theme cost 2-3 s each on a loaded 2-core machine.
 */
for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use({ storageState: screen.role ? storageStateFor(screen.role) : { cookies: [], origins: [] } });

    test(`${screen.name}: no axe violations in the light and the dark theme`, async ({ page }) => {
      for (const colorScheme of ["light", "dark"] as const) {
        await test.step(`${colorScheme} theme`, async () => {
          await page.emulateMedia({ colorScheme });
          await page.goto(screen.path);
          await screen.ready(page);
          await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
          await page.screenshot({ path: `${SHOTS}/a11y-${screen.name}-${colorScheme}.png`, fullPage: true });
          await expectNoViolations(page, `${screen.name} (${colorScheme})`);
        });
      }
    });
  });
}

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test.describe("states", () => {
      test.use({ storageState: storageStateFor("admin") });

      test("register: validation errors and the review step", async ({ page }) => {
        await page.goto("/payments/new");
        await page.getByRole("button", { name: "Review" }).click();
        await expect(page.getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
        await expectNoViolations(page, `register errors (${colorScheme})`);
        await page.getByLabel("Amount").fill("10,00");
        await page.getByLabel("Receiver name").fill("Ana Acessível");
        await page.getByLabel("Receiver CPF/CNPJ").fill("111.444.777-35");
        await page.getByLabel("Pix key type").selectOption("email");
        await page.getByLabel("Pix key", { exact: true }).fill("ana@example.com");
        await page.getByRole("button", { name: "Review" }).click();
        await expect(page.getByRole("heading", { name: "Review the transfer" })).toBeVisible();
        await expectNoViolations(page, `register review (${colorScheme})`);
      });

      test("lookup dialog open", async ({ page }) => {
        // Over a light page: axe checks the whole document, and the dialog is what is new here.
        await page.goto("/payments/new");
        await expect(page.locator("main form").first()).toBeVisible();
        await expectHydrated(page);
        await page.keyboard.press("ControlOrMeta+k");
        const dialog = page.getByRole("dialog", { name: "Look up payment" });
        await expect(dialog).toBeVisible();
        await dialog.getByLabel("Id or reference code").fill("sandbox-known-pending");
        await expectNoViolations(page, `lookup (${colorScheme})`);
      });

      test("a provider failure (reason and Retry)", async ({ page, request }) => {
        await request.post(`${SANDBOX_URL}/_control/faults`, { data: { method: "GET", path: "/v1/pix/payments/*", fault: "500", times: 30 } });
        try {
          await page.goto("/payments/sandbox-known-pending");
          await expect(page.getByRole("alert").filter({ hasText: "Could not load this payment" })).toBeVisible({ timeout: 20_000 });
          await expectNoViolations(page, `error state (${colorScheme})`);
        } finally {
          await request.delete(`${SANDBOX_URL}/_control/faults`);
        }
      });
    });
  });
}

test.describe("keyboard only", () => {
  test.use({ storageState: storageStateFor("admin") });

  /** Presses Tab until `target` has focus; every stop on the way must show where focus is. */
  async function tabTo(page: Page, target: ReturnType<Page["locator"]>, max = 60) {
    for (let i = 0; i < max; i += 1) {
      await page.keyboard.press("Tab");
      const focus = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const ring = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
        const shadow = style.boxShadow !== "none";
        return { what: `${el.tagName.toLowerCase()} ${el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40) ?? ""}`, shown: ring || shadow };
      });
      if (focus) expect(focus.shown, `no visible focus on ${focus.what}`).toBe(true);
      if (await target.evaluate((el) => el === document.activeElement)) return;
    }
    throw new Error(`Tab never reached ${target.toString()}`);
  }

  test("payments: skip link, filters, rows and opening a payment without a mouse", async ({ page }) => {
    await page.goto("/payments");
    await expect(page.locator("tbody tr[data-row]").first()).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Enter");
    const status = page.locator("select[data-filter-key='status']");
    await tabTo(page, status);
    await page.keyboard.press("ArrowDown");
    await expect(page).toHaveURL(/[?&]status=/);
    await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
    const rows = page.locator("tbody tr[data-row]");
    await tabTo(page, rows.first());
    await page.keyboard.press("ArrowDown");
    await expect(rows.nth(1)).toBeFocused();
    const reference = (await rows.nth(1).locator("td[data-column='reference_code']").innerText()).trim();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/payments\/[^?]+$/);
    await expect(page.getByRole("article", { name: "Payment detail" })).toContainText(reference);
  });

  test("lookup: Ctrl+K, type an id, Enter lands on it; Esc closes and gives focus back", async ({ page }) => {
    await page.goto("/payments/sandbox-known-completed-qr");
    await expect(page.getByRole("article", { name: "Payment detail" })).toBeVisible();
    await expectHydrated(page);
    await page.keyboard.press("ControlOrMeta+k");
    const dialog = page.getByRole("dialog", { name: "Look up payment" });
    await expect(dialog.getByLabel("Id or reference code")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.keyboard.press("ControlOrMeta+k");
    // A person's first key comes well after the dialog's input takes the focus; a script's may not.
    await expect(dialog.getByLabel("Id or reference code")).toBeFocused();
    await page.keyboard.type("sandbox-known-pending");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/payments\/sandbox-known-pending$/);
    await expect(dialog).toBeHidden();
  });

  test("lookup: reopened before the last close gave focus back, the field keeps every key typed", async ({ page }) => {
    await page.goto("/payments/sandbox-known-completed-qr");
    await expectHydrated(page);
    await page.keyboard.press("ControlOrMeta+k");
    const dialog = page.getByRole("dialog", { name: "Look up payment" });
    const field = dialog.getByLabel("Id or reference code");
    await expect(field).toBeFocused();
    // The page's timers stand still: the close's focus return (a task later) waits, as it does
    // behind key presses on a busy machine, until the dialog is open again and typed in.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.keyboard.press("ControlOrMeta+k");
    await expect(field).toBeFocused();
    await page.keyboard.type("sand");
    await page.clock.runFor(1_000);
    await page.keyboard.type("box-known-pending");
    await expect(field).toHaveValue("sandbox-known-pending");
    await expect(field).toBeFocused();
  });

  test("register a transfer from the keyboard alone", async ({ page }) => {
    await page.goto("/payments/new");
    await tabTo(page, page.getByLabel("Amount"));
    await page.keyboard.type("3,21");
    await tabTo(page, page.getByLabel("Receiver name"));
    await page.keyboard.type("Teclado Somente");
    await tabTo(page, page.getByLabel("Receiver CPF/CNPJ"));
    await page.keyboard.type("11144477735");
    await tabTo(page, page.getByLabel("Pix key type"));
    const keyType = page.getByLabel("Pix key type");
    for (let i = 0; i < 8 && (await keyType.inputValue()) !== "email"; i += 1) await page.keyboard.press("ArrowDown");
    await expect(keyType).toHaveValue("email");
    await tabTo(page, page.getByLabel("Pix key", { exact: true }));
    await page.keyboard.type("teclado@example.com");
    await tabTo(page, page.getByRole("button", { name: "Review" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Review the transfer" })).toBeVisible();
    await tabTo(page, page.getByRole("button", { name: "Confirm transfer" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/payments\/[^/]+\?registered=1$/);
  });

  test("theme: the toggle works by keyboard, the choice sticks, the system is followed by default", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/payments");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    const toggle = page.getByRole("button", { name: /^Theme: system/ });
    await tabTo(page, toggle);
    await page.keyboard.press("Enter"); // system -> light
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await page.getByRole("button", { name: /^Theme: light/ }).focus();
    await page.keyboard.press("Enter"); // light -> dark
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(page.locator("html")).toHaveClass(/\bdark\b/); // a stored choice wins over the system
    await page.keyboard.press("Enter"); // dark -> system (light now)
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  });
});
