import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import { E2E } from "./env";
import { freshCpf } from "./register-helpers";

/** The sandbox's credentials: this deployment's generated ones when present, the old defaults otherwise. */
function sandboxCredentials(): { id: string; secret: string } {
  const file = join(E2E.dataDir, "sandbox-secrets.json");
  const secret = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { clientSecret: string }).clientSecret : "sandbox-secret";
  return { id: "sandbox-client", secret };
}

/** The payer, played by the sandbox: POST /v1/pix/qrcodes/{reference_code}/pay (homologation). */
export async function payInSandbox(page: Page, referenceCode: string): Promise<void> {
  const { id, secret } = sandboxCredentials();
  const token = await page.request.post(`${E2E.sandboxUrl}/auth/generate_token`, {
    headers: { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}` },
    data: { grant_type: "client_credentials" },
  });
  expect(token.status()).toBe(200);
  const { access_token } = (await token.json()) as { access_token: string };
  const paid = await page.request.post(`${E2E.sandboxUrl}/v1/pix/qrcodes/${encodeURIComponent(referenceCode)}/pay`, {
    headers: { authorization: `Bearer ${access_token}` },
    data: {},
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

/**
 * A charge made through the API (as the page's user, who must be allowed to register) and paid in
 * the sandbox, its notification in the event log: a QR code row on /events whatever ran before.
 */
export async function paidChargeNotified(page: Page): Promise<string> {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const made = await page.request.post("/api/charges", {
    data: {
      external_reference: `NF-e2e-${Date.now().toString(36)}`,
      value_cents: 4_990,
      payer_name: "Pagadora de Teste",
      payer_document: freshCpf(),
      due_date: today,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { charge } = (await made.json()) as { charge: { reference_code: string } };
  await payInSandbox(page, charge.reference_code);
  await expect
    .poll(async () => {
      const log = await page.request.get(`/api/events/log?payment=${encodeURIComponent(charge.reference_code)}`);
      return ((await log.json()) as { events: unknown[] }).events.length;
    }, { timeout: 20_000 })
    .toBeGreaterThan(0);
  return charge.reference_code;
}
