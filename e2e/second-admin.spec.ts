import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E, storageStateFor, type E2EAccount } from "./env";
import { DEFAULT_TIERS, SHOTS, freshCpf, setPolicy, uniqueName } from "./register-helpers";

/**
 * In Portuguese: a change that weakens money controls waits for a second admin
 * (admin@ lowers a tier, admin2@ confirms it, then it is in force), and approving asks for the
 * password again once the last one is older than the step-up window (20 s on the e2e server).
 */
test.describe.configure({ mode: "serial" });

async function portuguese(browser: Browser, account: E2EAccount | null): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E.appUrl, ...(account ? { storageState: storageStateFor(account) } : {}) });
  await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
  return context.newPage();
}

test.afterAll(async ({ browser }) => {
  const admin = await portuguese(browser, "admin");
  await setPolicy(admin.request, DEFAULT_TIERS);
  await admin.context().close();
});

test("admin@ lowers the R$ 10.000,00 tier: it waits, admin@ cannot confirm it, admin2@ confirms and it is in force", async ({ browser }) => {
  const admin = await portuguese(browser, "admin");
  await setPolicy(admin.request, DEFAULT_TIERS);
  await admin.goto("/settings/approvals");
  await expect(admin.getByRole("heading", { level: 1, name: "Política de aprovação" })).toBeVisible();
  await admin.locator("#tier-approvals-2").selectOption("1");
  await expect(admin.getByText("só vale depois que outro administrador confirmar")).toBeVisible();
  await admin.getByRole("button", { name: "Pedir a confirmação de outro administrador" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Pedido enviado" })).toBeVisible();

  // Nothing changed yet; the requester sees the change waiting for someone else.
  const waiting = admin.getByTestId("pending-change").filter({ hasText: "Política de aprovação menos rigorosa" });
  await expect(waiting).toContainText("Pedida por admin@demo.test");
  await expect(waiting).toContainText("outro administrador precisa confirmar ou recusar");
  await expect(waiting.getByRole("button", { name: "Confirmar" })).toHaveCount(0);
  await admin.reload();
  await expect(admin.locator("#tier-approvals-2")).toHaveValue("2");
  const id = (await (await admin.request.get("/api/admin/pending-changes")).json()).pending.at(-1).id as string;
  const own = await admin.request.post(`/api/admin/pending-changes/${id}/confirm`, { headers: { origin: E2E.appUrl } });
  expect(own.status()).toBe(403);
  expect((await own.json()).error).toBe("Você pediu esta mudança: outro administrador precisa decidir.");

  const second = await portuguese(browser, "admin2");
  await second.goto("/settings/approvals");
  const toDecide = second.getByTestId("pending-change").filter({ hasText: "Política de aprovação menos rigorosa" });
  await expect(toDecide).toContainText("Proposta: a partir de R$ 0,00: nenhuma aprovação; a partir de R$ 1.000,00: 1 aprovação; a partir de R$ 10.000,00: 1 aprovação");
  await expect(toDecide).toContainText("Em vigor:");
  await expect(toDecide).toContainText("Pedida por admin@demo.test em");
  for (const width of [1440, 390]) {
    await second.setViewportSize({ width, height: 900 });
    await second.screenshot({ path: `${SHOTS}/second-admin-pending-${width}.png`, fullPage: true });
  }
  await second.setViewportSize({ width: 1440, height: 900 });
  await toDecide.getByRole("button", { name: "Confirmar" }).click();
  await expect(second.getByText("Mudança confirmada e aplicada.")).toBeVisible();
  await expect(second.locator("#tier-approvals-2")).toHaveValue("1");
  await expect(second.getByTestId("policy-last-change")).toContainText("admin@demo.test");
  await second.context().close();
  await admin.context().close();
});

test("approving after the step-up window asks for the password in a dialog, then approves", async ({ browser }) => {
  // 21 s of it is the step-up window running out on the server's own clock: the budget is the usual one plus that.
  test.setTimeout(45_000 + 21_000);
  await setPolicy((await portuguese(browser, "admin")).request, DEFAULT_TIERS);
  const operator = await portuguese(browser, "operator");
  const name = uniqueName("step-up");
  const created = await operator.request.post("/api/transfers", {
    data: { idempotent_id: `e2e-step-up-${Date.now()}`, value_cents: 1_500_000, initiation_type: "dict", receiver_name: name, receiver_document: freshCpf(), pix_key_type: "email", pix_key: "stepup@example.com" },
    headers: { origin: E2E.appUrl },
  });
  expect(created.status()).toBe(201);
  const { transfer } = (await created.json()) as { transfer: { id: string; state: string } };
  expect(transfer.state).toBe("awaiting_approval");

  // A fresh sign-in counts as a proof: wait until it is older than the window (20 s), never racing it.
  const approver = await portuguese(browser, null);
  await approver.goto("/login");
  await approver.getByLabel("E-mail").fill("approver2@demo.test");
  await approver.getByLabel("Senha").fill(E2E.password);
  await approver.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(approver).not.toHaveURL(/\/login/);
  const signedInAt = Date.now();
  await approver.goto(`/transfers/${transfer.id}`);
  await approver.waitForTimeout(Math.max(0, signedInAt + 21_000 - Date.now()));

  await approver.getByRole("button", { name: "Aprovar" }).click();
  const dialog = approver.getByRole("dialog", { name: "Confirme que é você" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("pede a sua senha de novo");
  await dialog.getByLabel("Senha").fill("senha-errada");
  await dialog.getByRole("button", { name: "Confirmar e continuar" }).click();
  await expect(dialog).toContainText("Senha incorreta.");
  for (const width of [1440, 390]) {
    await approver.setViewportSize({ width, height: 900 });
    await approver.screenshot({ path: `${SHOTS}/step-up-dialog-${width}.png`, fullPage: true });
  }
  await approver.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByLabel("Senha").fill(E2E.password);
  await dialog.getByRole("button", { name: "Confirmar e continuar" }).click();
  await expect(dialog).toBeHidden();
  await expect(approver.getByText("Você aprovou esta solicitação.")).toBeVisible({ timeout: 15_000 });
  await operator.context().close();
  await approver.context().close();
});
