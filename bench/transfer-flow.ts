/**
 * The money-moving screens, timed in Chromium on the production build (the bench server: its
 * embedded request engine and the sandbox provider on localhost):
 *   - confirm -> payment: an operator's click on "Confirm transfer" (no approval needed) to the
 *     payment's page saying it is registered (request stored, queued, sent, settled, page loaded);
 *   - approve -> registered: an approver's click on "Approve" to the moment the operator's open
 *     request page shows it registered, pushed through the live stream (no reload).
 *
 *   npx tsx bench/transfer-flow.ts --app http://localhost:3300 [--runs 10]
 */
import { cpfCheckDigits } from "../lib/pix/cpf";
import { chromium, type Browser, type Page } from "@playwright/test";
import { contextOptions, launchOptions, signedInState } from "./page-metrics";
import { summarize } from "./proc";

export type Latency = ReturnType<typeof summarize>;
export type TransferFlowResult = { confirmToPayment: Latency; approveToRegistered: Latency };
export type TransferFlowOptions = { appUrl: string; password: string; runs?: number };

const CONFIRM = /^(Confirmar transferência|Confirm transfer)$/;
const REVIEW = /^(Revisar|Review)$/;
const APPROVE = /^(Aprovar|Approve)$/;

async function signedInPage(browser: Browser, appUrl: string, email: string, password: string): Promise<Page> {
  const state = await signedInState(browser, appUrl, email, password);
  const context = await browser.newContext({ ...contextOptions, baseURL: appUrl, storageState: state });
  return context.newPage();
}

/** A valid CPF numbered by `i` (its check digits computed). */
function benchCpf(i: number): string {
  const base = String(100_000_000 + i).slice(-9);
  return base + cpfCheckDigits(base);
}

/** The New transfer form filled by Pix key (e-mail) and reviewed; `amount` as typed ("150,00"). */
async function reviewTransfer(page: Page, amount: string, i: number): Promise<void> {
  await page.goto("/payments/new");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.fill("#register-amount", amount);
  await page.fill("#register-receiver-name", `Bench Receiver ${i}`);
  // A receiver of its own each time: approval tiers count the maker's 24 h sum per receiver.
  await page.fill("#register-receiver-document", benchCpf(i));
  await page.selectOption("#register-pix-key-type", "email");
  await page.fill("#register-pix-key", `bench${i}@example.com`);
  await page.getByRole("button", { name: REVIEW }).click();
  await page.waitForSelector('[data-testid="review-amount"]');
}

export async function runTransferFlowBench(o: TransferFlowOptions): Promise<TransferFlowResult> {
  const runs = o.runs ?? 10;
  const browser = await chromium.launch(launchOptions());
  try {
    const operator = await signedInPage(browser, o.appUrl, "operator@demo.test", o.password);
    const approver = await signedInPage(browser, o.appUrl, "approver@demo.test", o.password);
    // One unmeasured pass of each screen: the first compile-free load still warms caches.
    await reviewTransfer(operator, "150,00", 0);

    const confirm: number[] = [];
    for (let i = 1; i <= runs; i += 1) {
      if (i > 1) await reviewTransfer(operator, "150,00", i);
      const started = performance.now();
      await operator.getByRole("button", { name: CONFIRM }).click();
      await operator.waitForURL(/\/payments\/[^/]+\?registered=1$/, { timeout: 30_000 });
      await operator.getByRole("status").filter({ hasText: /registrada|registered/i }).first().waitFor();
      confirm.push(performance.now() - started);
    }

    const approve: number[] = [];
    for (let i = 1; i <= runs; i += 1) {
      // R$ 2.500,00: one approval under the default policy.
      await reviewTransfer(operator, "2.500,00", 100 + i);
      await operator.getByRole("button", { name: CONFIRM }).click();
      await operator.waitForURL(/\/transfers\/[0-9a-f-]{36}$/, { timeout: 30_000 });
      await operator.waitForSelector('[data-testid="approvals-panel"]');
      await approver.goto(new URL(operator.url()).pathname);
      await approver.waitForSelector('[data-testid="decision-panel"]');
      const started = performance.now();
      await approver.getByRole("button", { name: APPROVE }).click();
      await operator.waitForSelector('[data-state="registered"]', { timeout: 30_000 });
      approve.push(performance.now() - started);
    }
    return { confirmToPayment: summarize(confirm), approveToRegistered: summarize(approve) };
  } finally {
    await browser.close();
  }
}

export function transferFlowMarkdown(r: TransferFlowResult): string {
  const row = (label: string, l: Latency) => `| ${label} | ${l.n} | ${l.p50} ms | ${l.p95} ms | ${l.max} ms |`;
  return [
    "| transfer screens (Chromium, production build, sandbox on localhost) | runs | p50 | p95 | max |",
    "|---|---|---|---|---|",
    row("Confirm transfer -> the payment's page says registered", r.confirmToPayment),
    row("Approve -> the maker's open page shows it registered (live)", r.approveToRegistered),
  ].join("\n");
}

if (process.argv[1]?.endsWith("transfer-flow.ts")) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  runTransferFlowBench({ appUrl: arg("app") ?? "http://localhost:3300", password: process.env.DEMO_PASSWORD ?? "demo-password", runs: Number(arg("runs") ?? 10) })
    .then((r) => console.log(transferFlowMarkdown(r)))
    .catch((err: unknown) => console.error("[transfer-flow] failed:", err))
    .finally(() => process.exit(0));
}
