import { expect, test, type Page } from "@playwright/test";
import { E2E, storageStateFor } from "./env";

/**
 * User management, as an admin does it on /users (in English: the admin's stored language):
 * add a user and hand over the one-time link, the new user chooses a password and is signed in,
 * change their role, deactivate them (their session stops at once), reactivate them; an admin's
 * own account is changed by another admin only. Then the page in Portuguese.
 */
test.use({ storageState: storageStateFor("admin") });

const SHOTS = "test-results/shots";

function row(page: Page, email: string) {
  return page.locator(`tr[data-user="${email}"]`);
}

async function confirmAction(page: Page) {
  const confirm = page.getByRole("group", { name: "Confirm" }).getByRole("button", { name: "Confirm" });
  await expect(confirm).toBeFocused();
  await confirm.click();
}

test("an admin adds a user, who sets a password and signs in; role change, deactivation and reactivation take effect", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = `new-user-${Date.now().toString(36)}@demo.test`;
  await page.goto("/users");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await expect(row(page, "admin@demo.test")).toContainText("you");

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name (optional)").fill("Nova Pessoa");
  await page.getByRole("form", { name: "Add a user" }).getByLabel("Role", { exact: true }).selectOption("support");
  await page.getByRole("button", { name: "Add user" }).click();
  const status = page.getByRole("status").filter({ hasText: `${email} was added as Support` });
  await expect(status).toBeVisible();
  const link = await page.getByTestId("set-password-link").inputValue();
  expect(link).toMatch(new RegExp(`^${E2E.appUrl}/login/set-password\\?token=`));
  await expect(row(page, email)).toContainText("Waiting for a password");
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.screenshot({ path: `${SHOTS}/users-added-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 860 });

  // The new user, in a browser of their own, opens the link and chooses a password.
  const theirs = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  await theirs.addCookies([{ name: "NEXT_LOCALE", value: "en", url: E2E.appUrl }]);
  const them = await theirs.newPage();
  await them.goto(link);
  await expect(them.getByRole("heading", { name: "Choose your password" })).toBeVisible();
  await them.screenshot({ path: `${SHOTS}/users-set-password-1440.png` });
  await them.getByLabel("New password").fill("a-password-of-my-own");
  await them.getByLabel("Repeat the password").fill("a-password-of-my-own");
  await them.getByRole("button", { name: "Save password" }).click();
  // Saving the first password signs them in.
  await expect(them.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  // The link worked once: opened again, it says so before anyone types a password.
  await them.goto(link);
  await expect(them.getByRole("alert").filter({ hasText: "This link is not valid any more" })).toBeVisible();
  await expect(them.getByLabel("New password")).toHaveCount(0);

  // Role change, confirmed first.
  await page.reload();
  await expect(row(page, email)).not.toContainText("Waiting for a password");
  await row(page, email).getByRole("combobox").selectOption("viewer");
  await expect(page.getByRole("group", { name: "Confirm" })).toContainText(`Change the role of ${email} from Support to Viewer (finance)?`);
  await confirmAction(page);
  await expect(page.getByRole("status").filter({ hasText: `${email} is now Viewer (finance).` })).toBeVisible();

  // Deactivation signs them out at once; reactivation lets them sign in again.
  await row(page, email).getByRole("button", { name: "Deactivate" }).click();
  await confirmAction(page);
  await expect(page.getByRole("status").filter({ hasText: `${email} is deactivated and was signed out of 1 browser.` })).toBeVisible();
  await expect(row(page, email)).toContainText("Deactivated");
  await them.goto("/payments");
  await expect(them).toHaveURL(/\/login\?next=/);
  await them.getByLabel("Email").fill(email);
  await them.getByLabel("Password").fill("a-password-of-my-own");
  await them.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(them.locator("#sign-in-error")).toHaveText("This account is deactivated. Ask an administrator if you need it again.");
  await row(page, email).getByRole("button", { name: "Reactivate" }).click();
  await confirmAction(page);
  await expect(row(page, email)).toContainText("Active");
  await them.getByRole("button", { name: "Sign in", exact: true }).click();
  // Back where the deactivation stopped them.
  await expect(them).toHaveURL(`${E2E.appUrl}/payments`);
  await expect(them.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  await theirs.close();

  // Every change is in the audit log, with who made it.
  const audit = await page.request.get(`/api/audit?actor=admin@demo.test&pageSize=50`);
  const actions = ((await audit.json()) as { entries: Array<{ action: string; target: string }> }).entries.filter((e) => e.target === email).map((e) => e.action);
  expect(actions).toEqual(expect.arrayContaining(["user.create", "user.role_change", "user.deactivate", "user.reactivate"]));
});

test("an admin's own row offers no role change or deactivation; the API refuses changes to one's own account, audited", async ({ page }) => {
  await page.goto("/users");
  const own = row(page, "admin@demo.test");
  await expect(own).toContainText("you");
  await expect(own.getByTestId("own-role")).toHaveText("Admin");
  await expect(own.getByRole("combobox")).toHaveCount(0);
  await expect(own.getByRole("button")).toHaveCount(0);
  await expect(own.getByRole("link", { name: /Your account/ })).toHaveAttribute("href", "/settings/security");

  const users = (await (await page.request.get("/api/users")).json()) as { users: Array<{ id: string; email: string }> };
  const me = users.users.find((u) => u.email === "admin@demo.test")!;
  for (const data of [{ role: "viewer" }, { deactivated: true }, { newPasswordLink: true }]) {
    const refused = await page.request.patch(`/api/users/${me.id}`, { headers: { origin: E2E.appUrl }, data });
    expect([refused.status(), ((await refused.json()) as { kind: string }).kind], JSON.stringify(data)).toEqual([403, "forbidden"]);
  }
  const audit = (await (await page.request.get("/api/audit?action=user.change_refused&pageSize=10")).json()) as { entries: Array<{ outcome: string; actorEmail: string }> };
  expect(audit.entries.slice(0, 3).map((e) => [e.actorEmail, e.outcome])).toEqual(Array(3).fill(["admin@demo.test", "refused_own_account"]));
  await page.reload();
  await expect(own.getByTestId("own-role")).toHaveText("Admin");
});

test("in Portuguese: Usuários, the roles from the glossary", async ({ page, context }) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
  await page.goto("/users");
  await expect(page.getByRole("heading", { level: 1, name: "Usuários" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Adicionar usuário" })).toBeVisible();
  await expect(row(page, "viewer@demo.test").getByRole("combobox")).toHaveValue("viewer");
  await expect(row(page, "viewer@demo.test").getByRole("combobox").locator("option:checked")).toHaveText("Consulta (financeiro)");
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.screenshot({ path: `${SHOTS}/users-pt-${width}.png`, fullPage: true });
  }
});
