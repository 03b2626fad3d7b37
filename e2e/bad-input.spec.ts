import { expect, test, type Page } from "@playwright/test";
import { E2E, storageStateFor, type E2ERole } from "./env";

/**
 * Malformed URLs on every page, as pasted links, bookmarks and hand edits produce them: bad
 * dates, unknown statuses, page=0 / page=abc, 10 kB strings, encoded slashes and dot segments.
 * Each one gives a notice saying what was ignored (or a not-found page for an address that names
 * nothing) and the page with sane defaults: never a crash, never a 500.
 */
const SHOTS = "test-results/shots";
const TEN_KB = "x".repeat(10_240);

type Outcome =
  /** A notice that names what was ignored or refused, and the page's default view. */
  | "notice"
  /** The page's own "not found" answer for this address. */
  | "not-found"
  /** The value is a legal filter that simply matches nothing: the empty state, with a way out. */
  | "empty"
  /** The page ignores these parameters by design (they are none of its own): it renders as usual. */
  | "renders";

/** `ownView`: the value is usable (a page past the end), so the notice offers a way instead of defaults. */
type Case = { url: string; outcome: Outcome; role?: E2ERole | null; ownView?: boolean; keepShot?: boolean };
type PageGroup = { name: string; defaults?: (page: Page) => Promise<void>; cases: Case[] };

const NOTICE_WORDS = /ignored|could not be read|not (a )?valid|invalid|must be|too long|at most|not a (real )?date|does not exist|longer than|unknown|refused/i;

const GROUPS: PageGroup[] = [
  {
    name: "payments table",
    defaults: async (page) => {
      await expect(page.locator("tbody tr[data-row]").first()).toBeVisible();
      await expect(page.getByTestId("total-payments")).not.toHaveAttribute("data-value", "0");
    },
    cases: [
      { url: "/payments?registration_start_date=yesterday&registration_end_date=tomorrow", outcome: "notice", keepShot: true },
      { url: "/payments?registration_start_date=2026-02-30T00:00:00&registration_end_date=2026-03-01T00:00:00", outcome: "notice" },
      { url: "/payments?payment_start_date=2026-11-01T00:00:00", outcome: "notice" },
      { url: "/payments?status=PAID", outcome: "notice" },
      { url: "/payments?status=%3Cscript%3E", outcome: "notice" },
      { url: "/payments?page=0", outcome: "notice" },
      { url: "/payments?page=abc", outcome: "notice" },
      { url: "/payments?page=-3", outcome: "notice" },
      { url: "/payments?page=1.5", outcome: "notice" },
      { url: "/payments?page=999999", outcome: "notice", ownView: true },
      { url: `/payments?receiver_name=${TEN_KB}`, outcome: "notice" },
      { url: "/payments?receiver_document=12a34", outcome: "notice" },
      { url: "/payments?status=no_such_status", outcome: "empty" },
      { url: "/payments?end_to_end=..%2F..%2Fauth%2Fgenerate_token", outcome: "empty" },
      { url: "/payments?reference_code=%2F..%2F..%2F", outcome: "empty" },
    ],
  },
  {
    name: "payment detail",
    cases: [
      { url: "/payments/..%2F..%2Fauth%2Fgenerate_token", outcome: "not-found" },
      { url: "/payments/a%2Fb", outcome: "not-found" },
      // (A bare %2E%2E segment is a dot segment: the browser resolves it before sending.)
      { url: "/payments/%2E%2E%2Fx", outcome: "not-found" },
      { url: "/payments/%E0%A4%A", outcome: "not-found", keepShot: true },
      { url: `/payments/${TEN_KB}`, outcome: "not-found" },
    ],
  },
  {
    name: "QR code",
    cases: [
      { url: "/qrcodes/not-an-end-to-end-id", outcome: "not-found" },
      { url: "/qrcodes/E1%2F..%2F2", outcome: "not-found" },
      { url: `/qrcodes/${TEN_KB}`, outcome: "not-found" },
    ],
  },
  {
    name: "overview",
    defaults: async (page) => {
      const headline = page.getByRole("region", { name: "Headline figures" });
      await expect(headline).toBeVisible();
      await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
      await expect(headline.getByText("unavailable")).toHaveCount(0);
    },
    cases: [
      { url: "/?from=2026-02-30&to=2026-13-01", outcome: "notice" },
      { url: "/?from=2026-11-20&to=2026-11-01", outcome: "notice" },
      { url: "/?from=2020-01-01&to=2026-11-01", outcome: "notice" },
      { url: "/?from=2026-11-01", outcome: "notice", keepShot: true },
      { url: "/?group_by=month&date_field=delivery", outcome: "notice" },
      { url: "/?status=PAID", outcome: "notice" },
      { url: `/?receiver_name=${TEN_KB}`, outcome: "notice" },
    ],
  },
  {
    name: "events",
    defaults: async (page) => {
      await expect(page.getByRole("heading", { name: "Webhook events" })).toBeVisible();
      await expect(page.getByRole("alert").filter({ hasText: /could not load/i })).toHaveCount(0);
    },
    cases: [
      { url: "/events?page=0", outcome: "notice" },
      { url: "/events?page=abc", outcome: "notice", keepShot: true },
      { url: "/events?result=bogus", outcome: "notice" },
      { url: `/events?payment=${TEN_KB}`, outcome: "notice" },
    ],
  },
  {
    name: "audit",
    defaults: async (page) => {
      await expect(page.locator("main table")).toBeVisible();
    },
    cases: [
      { url: "/audit?page=abc", outcome: "notice" },
      { url: "/audit?page=0", outcome: "notice" },
      { url: "/audit?from=yesterday&to=2026-13-01", outcome: "notice", keepShot: true },
      { url: `/audit?actor=${TEN_KB}`, outcome: "notice" },
    ],
  },
  {
    name: "register, login and not-allowed",
    cases: [
      { url: "/payments/new?value_cents=abc&idempotent_id=..%2Fx", outcome: "renders" },
      { url: "/login?next=%2F%2Fevil.example", outcome: "renders", role: null },
      { url: `/login?next=${TEN_KB}`, outcome: "renders", role: null },
      { url: "/login/not-allowed?permission=%3Cscript%3E", outcome: "renders", role: "viewer" },
    ],
  },
  {
    name: "addresses that name nothing",
    cases: [
      { url: "/no-such-page", outcome: "not-found" },
      { url: "/payments/x/y", outcome: "not-found" },
      { url: "/no/such/place", outcome: "not-found" },
      { url: `/${TEN_KB}`, outcome: "not-found" },
    ],
  },
];

async function expectOutcome(page: Page, outcome: Outcome) {
  switch (outcome) {
    case "notice": {
      const notice = page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: NOTICE_WORDS });
      await expect(notice.first()).toBeVisible();
      return;
    }
    case "not-found":
      await expect(page.getByRole("heading", { name: /not found|could not be found|404/i }).first()).toBeVisible();
      return;
    case "empty": {
      const empty = page.getByRole("status").filter({ hasText: /no payments/i });
      await expect(empty.first()).toBeVisible();
      await expect(page.getByRole("button", { name: /clear/i }).first()).toBeVisible();
      return;
    }
    case "renders":
      await expect(page.locator("main").first()).toBeVisible();
      await expect(page.locator("main h1").first()).toBeVisible();
      return;
  }
}

/**
 * The header's balance is read from the provider on every page, whatever the address. On a loaded
 * machine the provider may miss the e2e's 1.5 s timeout, and the balance then answers 504 by design
 * (app/api/balance/route.test.ts covers that answer). Only what an address could cause counts here.
 */
const providerLateForHeader = (url: string, status: number) => status === 504 && new URL(url).pathname === "/api/balance";

/**
 * One test per page group and role, one page for all its addresses (a step each, named by the
 * address): every address is a fresh document load, and the browser's cache spares the 2-3 s a
 * fresh context costs per address on a loaded 2-core machine.
 */
for (const group of GROUPS) {
  const roles = [...new Set(group.cases.map((c) => (c.role === undefined ? "admin" : c.role)))];
  for (const role of roles) {
    const cases = group.cases.filter((c) => (c.role === undefined ? "admin" : c.role) === role);
    test.describe(`${group.name} (${role ?? "signed out"})`, () => {
      test.use({ storageState: role === null ? { cookies: [], origins: [] } : storageStateFor(role) });

      test(`${cases.length} malformed addresses: each its outcome, never a crash or a 500`, async ({ page }) => {
        test.setTimeout(30_000 + cases.length * 10_000);
        const crashes: string[] = [];
        page.on("pageerror", (err) => crashes.push(err.message));
        const failures: string[] = [];
        page.on("response", (res) => {
          if (res.status() >= 500 && !providerLateForHeader(res.url(), res.status())) failures.push(`${res.status()} ${res.url().slice(0, 120)}`);
        });
        for (const c of cases) {
          const label = c.url.length > 90 ? `${c.url.slice(0, 60)}…(${c.url.length} chars)` : c.url;
          await test.step(`${label}: ${c.outcome}`, async () => {
            crashes.length = 0;
            failures.length = 0;
            const response = await page.goto(c.url);
            expect(response?.status() ?? 0, `${label}: the document`).toBeLessThan(500);
            await expectOutcome(page, c.outcome);
            if (c.outcome === "notice" && !c.ownView && group.defaults) await group.defaults(page);
            await expect(page.getByText(/Application error|Internal Server Error/i)).toHaveCount(0);
            // (A failure is screenshotted by Playwright; a few passing views are kept to look at.)
            if (c.keepShot) {
              const slug = `${group.name}-${label}`.replace(/[^a-z0-9]+/gi, "-").slice(0, 90);
              await page.screenshot({ path: `${SHOTS}/bad-input-${slug}.png` });
            }
            expect(failures, `${label}: answers of 500 or more`).toEqual([]);
            expect(crashes, `${label}: uncaught errors in the page`).toEqual([]);
          });
        }
      });
    });
  }
}

/**
 * NUL bytes and half characters at the door of the API: refused with 400/422 naming
 * the field, in our JSON error shape, where they used to reach the database (an empty 500 on
 * sign-in, 500s on the audit and event log filters).
 */
test.describe("NUL bytes and lone surrogates at the door", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("sign-in with a NUL or half a character in the email or password: 422 naming the field", async ({ request }) => {
    for (const [field, raw] of [
      ["email", '{"email":"admin\\u0000@demo.test","password":"demo-password"}'],
      ["password", '{"email":"admin@demo.test","password":"demo\\ud800password"}'],
    ] as const) {
      const answer = await request.post("/api/auth/sign-in/email", {
        headers: { "content-type": "application/json", origin: E2E.appUrl },
        data: raw,
      });
      expect(answer.status(), field).toBe(422);
      const body = (await answer.json()) as { error: string; fields: Record<string, string> };
      expect(Object.keys(body.fields), field).toEqual([field]);
      expect(body.error).toContain(field);
    }
  });

  for (const path of ["/api/audit?actor=%00", "/api/audit?action=x%00y", "/api/events/log?payment=%00"]) {
    test(`${path}: 400 naming the field`, async ({ request }) => {
      const answer = await request.get(path);
      expect(answer.status()).toBe(400);
      const body = (await answer.json()) as { fields: Record<string, string> };
      const field = new URL(path, "http://x").searchParams.keys().next().value ?? "";
      expect(Object.keys(body.fields)).toContain(field);
    });
  }
});
