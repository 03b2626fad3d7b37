import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { E2E, storageStateFor } from "./env";
import { expectHydrated } from "./hydrated";
import { freshCpf, uniqueName } from "./register-helpers";

/**
 * An admin adds the ERP's endpoint at /settings/webhooks (sandbox mode lets it be a plain-http
 * address on this machine), copies the secret shown once, sees the delivery of a transfer's
 * creation (signed: the Standard Webhooks library verifies it with that secret) and sends it
 * again: the receiver gets the same webhook-id twice.
 */
test.use({ storageState: storageStateFor("admin") });
test.beforeEach(async ({ context }) => context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]));

type Got = { headers: IncomingHttpHeaders; body: string };
let server: Server;
let receiverUrl: string;
const got: Got[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      got.push({ headers: req.headers, body });
      res.writeHead(200, { "content-type": "text/plain" }).end("recebido");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/erp-${Date.now().toString(36)}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("an admin adds an endpoint, sees its deliveries and sends one again", async ({ page, browser }) => {
  test.setTimeout(60_000);
  await page.goto("/settings/webhooks");
  await expectHydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks do ERP" })).toBeVisible();

  await page.getByLabel("URL do endpoint").fill(receiverUrl);
  await page.getByLabel("Eventos").fill("transfer.created");
  await page.getByLabel("Descrição (opcional)").fill("ERP de teste");
  await page.getByRole("button", { name: "Adicionar endpoint" }).click();
  const secret = (await page.getByTestId("endpoint-secret").textContent()) ?? "";
  expect(secret).toMatch(/^whsec_/);
  await expect(page.getByText("Guarde este segredo agora")).toBeVisible();

  // Someone else creates a transfer: its creation is an event for the endpoint.
  const operator = await browser.newContext({ storageState: storageStateFor("operator"), baseURL: E2E.appUrl });
  const created = await operator.request.post("/api/transfers", {
    data: { idempotent_id: `e2e-wh-${Date.now().toString(36)}`, value_cents: 1_234, initiation_type: "dict", receiver_name: uniqueName("webhook"), receiver_document: freshCpf(), pix_key_type: "email", pix_key: "webhook@example.com" },
    headers: { origin: E2E.appUrl },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { transfer } = (await created.json()) as { transfer: { id: string } };
  await operator.close();

  await expect.poll(() => got.filter((g) => g.body.includes(transfer.id)).length, { timeout: 20_000 }).toBe(1);
  const first = got.find((g) => g.body.includes(transfer.id))!;
  expect(new Webhook(secret).verify(first.body, first.headers as Record<string, string>)).toMatchObject({ type: "transfer.created", data: { id: transfer.id } });

  await page.reload();
  await expectHydrated(page);
  await page.locator(`li[data-endpoint="${receiverUrl}"]`).getByRole("button", { name: "Ver entregas" }).click();
  // Other tests create transfers too: this one's delivery is found by its webhook-id.
  const webhookId = String(first.headers["webhook-id"]);
  const delivery = page.locator(`li[data-endpoint="${receiverUrl}"] li[data-webhook-id="${webhookId}"]`);
  await expect(delivery).toContainText("transfer.created");
  await expect(delivery).toContainText("Entregue");
  await expect(delivery).toContainText("resposta 200");

  await delivery.getByRole("button", { name: "Reenviar" }).click();
  await expect.poll(() => got.filter((g) => g.body.includes(transfer.id)).length, { timeout: 20_000 }).toBe(2);
  const repeats = got.filter((g) => g.body.includes(transfer.id));
  expect(repeats[1]!.headers["webhook-id"]).toBe(webhookId);
  await expect(delivery).toContainText("2 tentativas", { timeout: 20_000 });
});
