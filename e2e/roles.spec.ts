import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { E2E, ROLES, storageStateFor, type E2ERole } from "./env";
import { freshCpf, freshPhone } from "./register-helpers";

/**
 * What each role sees and may do, in the browser and at the API: the navigation lists exactly
 * the pages the role may open, every other page shows "not allowed", and the API refuses what
 * the UI hides. The admin finds sign-ins, failed sign-ins and registration attempts in /audit.
 * The expectations are written out here (not computed from lib/auth/roles.ts) so that a change
 * to the role table has to be a deliberate change to this file too.
 */
const SHOTS = "test-results/shots";

type PageSpec = { path: string; nav: string; heading: string; permission: string; needs: string };

const ALL = "Viewer (finance), Support, Operator, Approver, Admin";
// In the order the navigation lists them.
const PAGES: PageSpec[] = [
  { path: "/", nav: "Overview", heading: "Overview", permission: "viewPayments", needs: ALL },
  { path: "/payments", nav: "Payments", heading: "Payments", permission: "viewPayments", needs: ALL },
  { path: "/payments/new", nav: "New transfer", heading: "New transfer", permission: "register", needs: "Operator, Admin" },
  { path: "/events", nav: "Events", heading: "Webhook events", permission: "events", needs: "Support, Operator, Approver, Admin" },
  { path: "/audit", nav: "Audit log", heading: "Audit log", permission: "audit", needs: "Admin" },
  { path: "/transfers", nav: "Transfers", heading: "Transfers", permission: "viewTransfers", needs: ALL },
  { path: "/batches", nav: "Batches", heading: "Batches", permission: "viewTransfers", needs: ALL },
  { path: "/receivers", nav: "Saved receivers", heading: "Saved receivers", permission: "viewTransfers", needs: ALL },
  { path: "/qrcodes", nav: "QR codes", heading: "Charges (QR codes)", permission: "viewPayments", needs: ALL },
  { path: "/charges", nav: "Charges", heading: "Charges issued", permission: "viewPayments", needs: ALL },
  { path: "/statement", nav: "Statement", heading: "Statement", permission: "viewPayments", needs: ALL },
  { path: "/cash", nav: "Cash", heading: "Cash", permission: "viewPayments", needs: ALL },
  { path: "/reconciliation", nav: "Reconciliation", heading: "Reconciliation", permission: "reconciliation", needs: "Support, Admin" },
  { path: "/alerts", nav: "Alerts", heading: "Alerts", permission: "alerts", needs: "Support, Operator, Approver, Admin" },
  { path: "/users", nav: "Users", heading: "Users", permission: "users", needs: "Admin" },
  { path: "/settings/approvals", nav: "Approval policy", heading: "Approval policy", permission: "policy", needs: "Admin" },
  { path: "/settings/alerts", nav: "Alert rules", heading: "Alert rules", permission: "policy", needs: "Admin" },
  { path: "/settings/provider", nav: "Provider", heading: "Provider", permission: "policy", needs: "Admin" },
  { path: "/settings/cost-centres", nav: "Cost centres", heading: "Cost centres", permission: "costCentres", needs: "Admin" },
  { path: "/settings/webhooks", nav: "ERP webhooks", heading: "ERP webhooks", permission: "webhooks", needs: "Admin" },
  { path: "/settings/security", nav: "Sign-in security", heading: "Security", permission: "account", needs: ALL },
  { path: "/settings/notifications", nav: "My e-mails", heading: "My e-mails", permission: "account", needs: ALL },
];

// Every role reads transfers, batches and saved receivers (actions go by permission).
const READ = ["/", "/payments", "/transfers", "/batches", "/receivers", "/qrcodes", "/charges", "/statement", "/cash", "/settings/security", "/settings/notifications"];
const ALLOWED: Record<E2ERole, string[]> = {
  viewer: READ,
  support: [...READ, "/events", "/reconciliation", "/alerts"],
  operator: [...READ, "/payments/new", "/events", "/alerts"],
  approver: [...READ, "/events", "/alerts"],
  admin: PAGES.map((p) => p.path),
};
const HAS_LOOKUP: Record<E2ERole, boolean> = { viewer: false, support: true, operator: true, approver: true, admin: true };

const BLOCKED_DOCUMENT = "529.982.247-25"; // the sandbox refuses this receiver: an attempt that moves no money

async function apiAs(role: E2ERole | null): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL: E2E.appUrl,
    storageState: role ? storageStateFor(role) : { cookies: [], origins: [] },
  });
}

async function registeredInSandbox(api: APIRequestContext): Promise<number> {
  const res = await api.get(`${E2E.sandboxUrl}/_control/state`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { payments: { registered: number } }).payments.registered;
}

function transferBody(idempotentId: string, receiverName: string, document = freshCpf()) {
  return {
    idempotent_id: idempotentId,
    value_cents: 4321,
    initiation_type: "dict",
    pix_key_type: "phone",
    // Its own key: the operator's 24 h sum to one destination would otherwise ask for approval.
    pix_key: freshPhone(),
    receiver_name: receiverName,
    receiver_document: document,
  };
}

const unique = (what: string) => `e2e-${what}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

for (const role of ROLES) {
  test.describe(`${role}`, () => {
    test.use({ storageState: storageStateFor(role) });

    test(`the navigation shows exactly the pages a ${role} may open; the lookup box ${HAS_LOOKUP[role] ? "is there" : "is hidden"}`, async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
      const nav = page.getByRole("navigation", { name: "Main" });
      const expected = PAGES.filter((p) => ALLOWED[role].includes(p.path)).map((p) => p.nav);
      // Links that do not fit the bar are in its "More" menu: open it when there is one.
      const more = nav.getByRole("button", { name: /More|Menu/ });
      if (await more.isVisible()) await more.click();
      // A link's first line is its name; the waiting-for-you badge follows it ("1", "1 waiting for you").
      const shown = (await nav.getByRole("link").allInnerTexts()).map((text) => text.split("\n")[0]!.trim());
      expect([...new Set(shown)].sort()).toEqual([...expected].sort());
      await expect(page.getByRole("button", { name: "Look up payment" })).toHaveCount(HAS_LOOKUP[role] ? 1 : 0);
      await page.screenshot({ path: `${SHOTS}/roles-${role}-header.png` });
    });

    test(`every page a ${role} may open renders its heading`, async ({ page }) => {
      for (const spec of PAGES.filter((p) => ALLOWED[role].includes(p.path))) {
        await page.goto(spec.path);
        await expect(page, spec.path).toHaveURL(`${E2E.appUrl}${spec.path}`);
        await expect(page.getByRole("heading", { level: 1, name: spec.heading, exact: true })).toBeVisible();
      }
      // Payment details are open to every role.
      const list = await page.request.get("/api/payments?page=1");
      expect(list.status()).toBe(200);
      const { payments } = (await list.json()) as { payments: Array<{ idempotent_id: string }> };
      const first = payments[0];
      expect(first, "the sandbox lists payments").toBeDefined();
      await page.goto(`/payments/${encodeURIComponent(first?.idempotent_id ?? "")}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Payment of");
    });

    const refused = PAGES.filter((p) => !ALLOWED[role].includes(p.path));
    if (refused.length > 0) {
      test(`a ${role} opening ${refused.map((p) => p.path).join(", ")} gets a 403 with the not-allowed card`, async ({ page }) => {
        for (const spec of refused) {
          const answer = await page.goto(spec.path);
          expect(answer?.status(), spec.path).toBe(403);
          await expect(page, spec.path).toHaveURL(`${E2E.appUrl}${spec.path}`);
          await expect(page.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();
          await expect(page.getByRole("main")).toContainText("Your role does not include this page.");
          await expect(page.getByRole("main")).toContainText(`${role}@demo.test`);
          await expect(page.getByRole("heading", { level: 1, name: spec.heading, exact: true })).toHaveCount(0);
          await page.screenshot({ path: `${SHOTS}/roles-${role}-refused-${spec.path.replace(/\W+/g, "_")}.png` });
        }
      });
    }
  });
}

test.describe("the API refuses what the UI hides", () => {
  for (const role of ["viewer", "support"] as const) {
    test(`POST /api/payments as ${role}: 403 JSON and nothing registered`, async () => {
      const api = await apiAs(role);
      try {
        const before = await registeredInSandbox(api);
        const id = unique(`${role}-refused`);
        const res = await api.post("/api/payments", { data: transferBody(id, "E2E Refused Receiver") });
        expect(res.status()).toBe(403);
        expect(res.headers()["content-type"]).toContain("application/problem+json");
        const refusal = `Your role (${role === "viewer" ? "Viewer (finance)" : "Support"}) may not create transfers`;
        expect(await res.json()).toMatchObject({ status: 403, kind: "forbidden", title: "Forbidden", detail: refusal, error: refusal, allowed_roles: ["operator", "admin"] });
        expect(await registeredInSandbox(api)).toBe(before);
        expect((await api.get(`/api/payments/${id}`)).status()).toBe(404);
      } finally {
        await api.dispose();
      }
    });
  }

  const SUPPORTERS = ["support", "operator", "approver", "admin"];
  const refusals: Array<{ role: E2ERole; path: string; needs: string[] }> = [
    { role: "operator", path: "/api/audit", needs: ["admin"] },
    { role: "viewer", path: "/api/events/log", needs: SUPPORTERS },
    { role: "viewer", path: "/api/lookup?q=sandbox-known-pending", needs: SUPPORTERS },
    { role: "operator", path: "/api/reconciliation", needs: ["support", "admin"] },
    { role: "approver", path: "/api/webhook-endpoints", needs: ["admin"] },
  ];
  for (const { role, path, needs } of refusals) {
    test(`GET ${path} as ${role}: 403 JSON naming the role needed`, async () => {
      const api = await apiAs(role);
      try {
        const res = await api.get(path);
        expect(res.status()).toBe(403);
        expect(res.headers()["content-type"]).toContain("application/problem+json");
        const body = (await res.json()) as { error: string; allowed_roles: string[] };
        expect(body.error).toMatch(/^Your role \(.+\) may not /);
        expect(body.allowed_roles).toEqual(needs);
      } finally {
        await api.dispose();
      }
    });
  }

  test("the same routes answer the roles that may use them", async () => {
    const [admin, support] = await Promise.all([apiAs("admin"), apiAs("support")]);
    try {
      expect((await admin.get("/api/audit")).status()).toBe(200);
      expect((await support.get("/api/events/log")).status()).toBe(200);
      expect((await support.get("/api/lookup?q=sandbox-known-pending")).status()).toBe(200);
    } finally {
      await Promise.all([admin.dispose(), support.dispose()]);
    }
  });
});

test.describe("the audit log (admin)", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("sign-ins, a failed sign-in and a registration attempt are on record", async ({ page, browser }) => {
    // A failed sign-in through the real form, in a context with no session.
    const probe = `${unique("audit-probe")}@demo.test`;
    const anon = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    await anon.addCookies([{ name: "NEXT_LOCALE", value: "en", url: E2E.appUrl }]);
    try {
      const login = await anon.newPage();
      await login.goto("/login");
      await login.getByLabel("Email").fill(probe);
      await login.getByLabel("Password").fill("not-the-password");
      await login.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(login.locator("#sign-in-error")).toHaveText("Email or password is incorrect");
    } finally {
      await anon.close();
    }

    // A registration attempt the provider refuses (no money moves), as the operator.
    const operator = await apiAs("operator");
    const attemptId = unique("audit-attempt");
    try {
      const res = await operator.post("/api/payments", { data: transferBody(attemptId, "E2E Audit Receiver", BLOCKED_DOCUMENT) });
      expect(res.status(), await res.text()).toBeGreaterThanOrEqual(400);
    } finally {
      await operator.dispose();
    }

    // Sign-ins: the setup project signed every demo account in through /login.
    await page.goto("/audit?action=auth.sign_in&actor=operator%40demo.test");
    const signIns = page.getByRole("row").filter({ hasText: "operator@demo.test" }).filter({ hasText: "Signed in" });
    await expect(signIns.first()).toBeVisible();
    await expect(signIns.first()).toContainText("Success");

    // The failed sign-in, found with the filter form.
    await page.goto("/audit");
    await page.getByLabel("Action").selectOption("auth.sign_in_failed");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/[?&]action=auth\.sign_in_failed/);
    const failed = page.getByRole("row").filter({ hasText: probe });
    await expect(failed).toHaveCount(1);
    await expect(failed).toContainText("Failed sign-in");
    await expect(failed).toContainText("Wrong email or password");
    await expect(failed).toContainText("Attempt without a session");

    // The transfer request: who, which partner ID, the amount; then its submission and what the provider said.
    await page.goto("/audit?action=transfer.create&actor=operator%40demo.test");
    const attempt = page.getByRole("row").filter({ hasText: attemptId });
    await expect(attempt).toHaveCount(1);
    await expect(attempt).toContainText("operator@demo.test");
    await expect(attempt).toContainText("Transfer requested");
    await expect(attempt).toContainText(/R\$\s43,21/);
    await page.goto("/audit?action=transfer.submit");
    const submitted = page.getByRole("row").filter({ hasText: attemptId });
    await expect(submitted).toHaveCount(1);
    await expect(submitted).toContainText("Refused");
    await expect(submitted).toContainText("Receiver not allowed");
    await page.screenshot({ path: `${SHOTS}/roles-audit-attempt.png`, fullPage: true });
  });

  test("a registration attempt's audit entry names the receiver", async ({ page }) => {
    // The audit promise: "every registration attempt (who, when, idempotent_id, amount, receiver, outcome)".
    const operator = await apiAs("operator");
    const attemptId = unique("audit-receiver");
    const receiver = `E2E Receiver ${Date.now().toString(36)}`;
    try {
      const res = await operator.post("/api/payments", { data: transferBody(attemptId, receiver, BLOCKED_DOCUMENT) });
      expect(res.status()).toBeGreaterThanOrEqual(400);
    } finally {
      await operator.dispose();
    }
    await page.goto(`/audit?action=transfer.create`);
    const attempt = page.getByRole("row").filter({ hasText: attemptId });
    await expect(attempt).toHaveCount(1);
    await expect(attempt).toContainText(receiver);
  });
});
