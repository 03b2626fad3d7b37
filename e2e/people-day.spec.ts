import { expect, test, type Page } from "@playwright/test";
import { E2E, storageStateFor } from "./env";

/**
 * The people screens in Portuguese: the admin's /users speaks neutrally ("Conta criada
 * para ..."), shows every role whole, and offers nothing on the admin's own row; a new colleague's
 * first password signs them in. At 1440 and 390 px.
 */
test.use({ storageState: storageStateFor("admin") });

const SHOTS = "test-results/shots";

function row(page: Page, email: string) {
  return page.locator(`tr[data-user="${email}"]`);
}

test("/users in Portuguese: neutral words, whole roles, nothing to change on one's own row; the first password signs the person in", async ({ page, context, browser }) => {
  test.setTimeout(60_000);
  await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
  await page.goto("/users");
  await expect(page.getByRole("heading", { level: 1, name: "Usuários" })).toBeVisible();

  // One's own row: the role as text, a way to one's own security page, no button.
  const own = row(page, "admin@demo.test");
  await expect(own).toContainText("você");
  await expect(own.getByTestId("own-role")).toHaveText("Administrador");
  await expect(own.getByRole("button")).toHaveCount(0);
  await expect(own.getByRole("combobox")).toHaveCount(0);
  await expect(own.getByRole("link", { name: "Sua conta: senha e verificação em Segurança" })).toBeVisible();

  // The longest role is shown whole in its select (nothing cut by the box).
  const select = row(page, "viewer@demo.test").getByRole("combobox");
  await expect(select.locator("option:checked")).toHaveText("Consulta (financeiro)");
  const fits = await select.evaluate((el) => {
    const probe = document.createElement("span");
    const style = getComputedStyle(el);
    probe.style.font = style.font;
    probe.style.visibility = "hidden";
    probe.style.position = "absolute";
    probe.textContent = (el as HTMLSelectElement).selectedOptions[0]?.text ?? "";
    document.body.append(probe);
    const text = probe.getBoundingClientRect().width;
    probe.remove();
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return text <= room;
  });
  expect(fits).toBe(true);

  // A support account is created at once (no money role), in neutral words.
  const email = `pessoa-${Date.now().toString(36)}@demo.test`;
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("form", { name: "Adicionar usuário" }).getByLabel("Perfil", { exact: true }).selectOption("support");
  await page.getByRole("button", { name: "Adicionar usuário" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Conta criada para ${email}, com o perfil Suporte.` })).toBeVisible();
  const link = await page.getByTestId("set-password-link").inputValue();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.screenshot({ path: `${SHOTS}/people-users-pt-${width}.png`, fullPage: true });
  }

  // The new colleague: the link names the account, the first password signs them in.
  const theirs = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  await theirs.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
  const them = await theirs.newPage();
  await them.setViewportSize({ width: 390, height: 900 });
  await them.goto(link);
  await expect(them.getByRole("heading", { name: "Crie sua senha" })).toBeVisible();
  await expect(them.getByText(`Uma pessoa administradora criou a conta ${email}.`, { exact: false })).toBeVisible();
  await them.screenshot({ path: `${SHOTS}/people-set-password-pt-390.png`, fullPage: true });
  await them.getByLabel("Nova senha").fill("uma-senha-so-minha");
  await them.getByLabel("Repita a senha").fill("uma-senha-so-minha");
  await them.getByRole("button", { name: "Salvar senha" }).click();
  await expect(them.getByRole("heading", { level: 1, name: "Visão geral" })).toBeVisible();
  // Used once: the link says so at once.
  await them.goto(link);
  await expect(them.getByRole("alert").filter({ hasText: "Este link" })).toHaveText("Este link não vale mais: já foi usado ou expirou. Peça um novo a um administrador.");
  await theirs.close();
});
