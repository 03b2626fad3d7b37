import { readScrape } from "../../lib/testing/prometheus";
import { completingId, fillByKey, review } from "../register-helpers";
import { browserFor, enrolSecondFactor, firstDay, setPassword, type Person } from "./people";
import { expect, test, type Stack } from "./stack";

/**
 * A company's first day on a real deployment (e2e/production/stack.ts: production build,
 * provider process, PostgreSQL, https through a TLS proxy, two-step sign-in required): the first
 * admin made with the users CLI, their link, password and second factor; an operator and an
 * approver added, each enrolling; a transfer made, approved, and followed until the provider
 * says it was paid. Secure cookies, HSTS and the Origin check hold there; the metrics answer
 * behind the proxy; the server printed no error.
 */
test.describe.configure({ mode: "serial" });

const SHOTS = "test-results/shots";
/** The state the transfer page shows once the provider paid. */
const PAID_TRANSFER_STATE = "paid";
const HSTS = "max-age=63072000; includeSubDomains";

/**
 * An admin gives a colleague an account with a role. Operator and approver can move money, so
 * the account waits for a second person; this company has one admin, so the person at
 * the server's shell is that second person: `npm run users -- pending`, then `confirm ID`, which
 * prints the one-time link to hand over.
 */
async function addColleague(stack: Stack, admin: Person, email: string, role: "operator" | "approver"): Promise<string> {
  const { page } = admin;
  await page.goto("/users");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("form", { name: "Add a user" }).getByLabel("Role", { exact: true }).selectOption(role);
  await page.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByText(/^Request sent\. The change applies once another admin confirms it/)).toBeVisible();
  expect((await stack.usersCli(["list"])).stdout).not.toContain(email);

  const pending = await stack.usersCli(["pending"]);
  const id = new RegExp(`^(\\S+)  new account ${email.replace(/[.]/g, "\\.")} as ${role}$`, "m").exec(pending.stdout)?.[1];
  expect(id, pending.stdout).toBeDefined();
  const confirmed = await stack.usersCli(["confirm", id ?? ""]);
  expect(confirmed, stack.output()).toMatchObject({ code: 0, stderr: "" });
  const link = /(https:\/\/\S+)$/m.exec(confirmed.stdout)?.[1] ?? "";
  expect(link).toMatch(/^https:\/\/localhost:\d+\/login\/set-password\?token=/);
  return link;
}

async function advanceProvider(stack: Stack, ms: number) {
  const res = await fetch(`${stack.providerUrl}/_control/advance`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ms }) });
  expect(res.status).toBe(200);
}

test("first admin from the CLI, colleagues with two-step sign-in, a transfer made, approved and paid", async ({ browser, stack }) => {
  test.setTimeout(240_000);

  // 1. The first admin, made on the server with the CLI: it prints their one-time link.
  const adminEmail = "first.admin@empresa.com.br";
  const made = await stack.usersCli(["add", adminEmail, "admin"]);
  expect(made, stack.output()).toMatchObject({ code: 0, stderr: "" });
  const adminLink = /^ {2}(https:\/\/\S+)$/m.exec(made.stdout)?.[1] ?? "";
  expect(adminLink.startsWith(`${stack.appUrl}/login/set-password?token=`)).toBe(true);
  expect((await stack.usersCli(["list"])).stdout).toMatch(/^first\.admin@empresa\.com\.br\s+admin\s+active\s+2fa-off/m);

  const { context: adminContext, page: adminPage } = await browserFor(browser, stack);
  const adminPassword = "first-admin-passphrase-2026";
  await setPassword(adminPage, adminLink, adminPassword);
  const admin: Person = { email: adminEmail, password: adminPassword, context: adminContext, page: adminPage, totpURI: await enrolSecondFactor(adminPage, adminPassword) };
  // The link works once: opened again, it says so at once.
  const again = await adminContext.newPage();
  await again.goto(adminLink);
  await expect(again.getByRole("alert").filter({ hasText: "This link is not valid any more" })).toBeVisible();
  await again.close();
  expect((await stack.usersCli(["list"])).stdout).toMatch(/^first\.admin@empresa\.com\.br\s+admin\s+active\s+2fa-on/m);

  // 2. Over https, behind the proxy: Secure cookies, HSTS on pages and API answers.
  const cookies = (await admin.context.cookies(stack.appUrl)).filter((c) => c.name.includes("pix"));
  expect(cookies.map((c) => c.name)).toContain("__Secure-pix.session_token");
  for (const cookie of cookies) expect([cookie.name, cookie.secure, cookie.httpOnly, cookie.sameSite]).toEqual([cookie.name, true, true, "Lax"]);
  const page = await admin.page.goto("/users");
  expect(page?.headers()["strict-transport-security"]).toBe(HSTS);
  const api = await admin.page.request.get("/api/users");
  expect([api.status(), api.headers()["strict-transport-security"]]).toEqual([200, HSTS]);

  // 3. The Origin check: a cross-site POST with the admin's cookies changes nothing.
  for (const origin of ["https://evil.example", stack.appUrl.replace("https:", "http:")]) {
    const forged = await admin.page.request.post("/api/users", { headers: { origin }, data: { email: "intruder@evil.example", role: "admin" } });
    expect([forged.status(), ((await forged.json()) as { kind?: string }).kind], origin).toEqual([403, "origin"]);
  }
  expect((await stack.usersCli(["list"])).stdout).not.toContain("intruder@evil.example");

  // 4. Colleagues: each opens their link, sets a password, signs in and must enrol a second factor.
  const operator = await firstDay(browser, stack, "operacoes@empresa.com.br", await addColleague(stack, admin, "operacoes@empresa.com.br", "operator"));
  const approver = await firstDay(browser, stack, "aprovacoes@empresa.com.br", await addColleague(stack, admin, "aprovacoes@empresa.com.br", "approver"));

  // 5. The operator makes a transfer above the approval limit: nothing is sent yet.
  await fillByKey(operator.page, { amount: "2.500,00", name: "Fornecedora Ltda", keyType: "email", key: "financeiro@fornecedora.com.br" });
  // An id the provider (the sandbox's lifecycle) pays: a random one is canceled about one time in seven.
  await operator.page.locator("summary").filter({ hasText: "Advanced" }).click();
  await operator.page.locator("#register-idempotent-id").fill(completingId(`prod-${Date.now()}`));
  await review(operator.page);
  await operator.page.getByRole("button", { name: "Confirm transfer" }).click();
  await expect(operator.page).toHaveURL(/\/transfers\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(operator.page.getByTestId("approvals-progress")).toHaveText("0 of 1 approvals");
  const transferPath = new URL(operator.page.url()).pathname;

  // 6. The approver approves in their own browser; the queue sends it to the provider.
  await approver.page.goto(transferPath);
  await approver.page.getByRole("button", { name: "Approve" }).click();
  await expect(operator.page.locator("h1 + [data-state]")).toHaveAttribute("data-state", "registered", { timeout: 30_000 });
  const { transfer } = (await (await operator.page.request.get(`/api/transfers${transferPath.slice("/transfers".length)}`)).json()) as { transfer: { idempotent_id: string } };

  // 7. The provider pays it (its clock, one step at a time); its webhooks reach us over https.
  await advanceProvider(stack, 3_600_000); // sent
  await advanceProvider(stack, 3_600_000); // completed
  await expect
    .poll(async () => ((await (await approver.page.request.get(`/api/payments/${encodeURIComponent(transfer.idempotent_id)}`)).json()) as { payment?: { status: string } }).payment?.status, { timeout: 30_000 })
    .toBe("completed");
  await operator.page.reload();
  await expect(operator.page.locator("h1 + [data-state]")).toHaveAttribute("data-state", PAID_TRANSFER_STATE);
  for (const width of [1440, 390]) {
    await operator.page.setViewportSize({ width, height: 1000 });
    await operator.page.screenshot({ path: `${SHOTS}/production-transfer-${width}.png`, fullPage: true });
  }

  // 8. What the operators' Prometheus sees, through the proxy, with the token only.
  const refused = await admin.page.request.get("/api/metrics");
  expect(refused.status()).toBe(401);
  const scraped = await admin.page.request.get("/api/metrics", { headers: { authorization: `Bearer ${stack.metricsToken}` } });
  expect(scraped.status()).toBe(200);
  const metrics = await readScrape(await scraped.text());
  expect(metrics.value("pix_provider_calls_total", { operation: "registerPayment", outcome: "201" })).toBe(1);
  expect(metrics.value("pix_transfers", { state: PAID_TRANSFER_STATE })).toBe(1);
  expect(metrics.value("pix_http_requests_total", { route: "POST /api/transfers/[id]/approve", status: "200" })).toBe(1);
  expect(metrics.count("pix_webhook_lag_seconds", { kind: "payment" })).toBeGreaterThanOrEqual(1);

  // 9. A quiet server: JSON lines, start-up then nothing at error level; no request lines at the default level.
  const lines = stack.output().split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as { level: string; msg: string });
  expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(["starting", "store ready", "started"]));
  expect(lines.filter((l) => l.level === "error")).toEqual([]);
  expect(lines.filter((l) => l.msg === "request")).toEqual([]);

  for (const person of [admin, operator, approver]) await person.context.close();
});
