import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { E2E, storageStateFor, type E2EAccount } from "./env";
import { clearInbox } from "./inbox-checks";
import { SHOTS, completingId, freshCpf } from "./register-helpers";

/**
 * Bulk approval decided by the server, in Portuguese:
 * - a monthly series of 3 waits as ONE inbox item (its days and its total), not 3 identical rows;
 * - "Sim, aprovar" on 4 requests and the series sends ONE request, and the tab is closed right
 *   after it leaves: every item is decided all the same (nothing waits for approver2 any more),
 *   each its own decision in the audit log. At 1440 and 390 px.
 */
test.describe.configure({ mode: "serial" });

const ORIGIN = { origin: E2E.appUrl };
const stamp = Date.now().toString(36);
const SINGLES = [0, 1, 2, 3].map((i) => ({ name: `Fornecedor Lote ${stamp} ${i}`, cents: 210_000 + i * 1_000 }));
const SERIES = { name: `Aluguel Sala ${stamp}`, cents: 150_000, count: 3 };

type Listed = { transfers: Array<{ id: string; state: string; series_id?: string | null }> };
const made = { transferIds: [] as string[], seriesIds: [] as string[] };

async function pageAs(browser: Browser, account: E2EAccount, width: number): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStateFor(account), baseURL: E2E.appUrl, viewport: { width, height: width < 500 ? 844 : 900 } });
  await context.addCookies([{ name: "NEXT_LOCALE", value: "pt-BR", url: E2E.appUrl }]);
  return context.newPage();
}

/** A Brazil day `days` from today, as the API takes it (yyyy-mm-dd). */
function brazilDay(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date(Date.now() + days * 86_400_000));
}


async function makeRequests(request: APIRequestContext) {
  for (const [i, single] of SINGLES.entries()) {
    const res = await request.post("/api/transfers", {
      data: {
        idempotent_id: completingId(`e2e-bulk-${stamp}-${i}`),
        value_cents: single.cents,
        initiation_type: "dict",
        receiver_name: single.name,
        receiver_document: freshCpf(),
        pix_key_type: "email",
        pix_key: `bulk${i}-${stamp}@example.com`,
      },
      headers: ORIGIN,
    });
    expect(res.status(), await res.text()).toBe(201);
    const { transfer } = (await res.json()) as { transfer: { id: string; state: string } };
    expect(transfer.state).toBe("awaiting_approval");
    made.transferIds.push(transfer.id);
  }
  const series = await request.post("/api/transfers", {
    data: {
      idempotent_id: `e2e-bulk-${stamp}-series`,
      value_cents: SERIES.cents,
      initiation_type: "dict",
      receiver_name: SERIES.name,
      receiver_document: freshCpf(),
      pix_key_type: "email",
      pix_key: `aluguel-${stamp}@example.com`,
      scheduled_for: brazilDay(3),
      recurrence: { every: "month", count: SERIES.count },
    },
    headers: ORIGIN,
  });
  expect(series.status(), await series.text()).toBe(201);
}

test("a monthly series of 3 waits as one item with its days and total; 4 requests and the series approved at once with the tab closed after the click: all decided, each audited", async ({ browser }) => {
  const approver = await pageAs(browser, "approver2", 1440);
  await clearInbox(approver.request, E2E.appUrl);
  const operator = await pageAs(browser, "operator", 1440);
  await makeRequests(operator.request);

  await approver.goto("/transfers");
  const section = approver.getByRole("region", { name: /Aguardando você/ });
  await expect(section.getByTestId("inbox-section-count")).toHaveText("5");
  await expect(section.locator("tr[data-inbox-item]")).toHaveCount(5);
  const seriesRow = section.locator("tr[data-inbox-item=series]");
  await expect(seriesRow).toHaveCount(1);
  await expect(seriesRow).toContainText(SERIES.name);
  await expect(seriesRow).toContainText(/Série: 3 ocorrências, de \d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}/);
  await expect(seriesRow).toContainText("R$\u00a04.500,00");
  await approver.screenshot({ path: `${SHOTS}/bulk-series-inbox-pt-1440.png`, fullPage: true });

  // Everything ticked; a fresh step-up so the one request goes out without the dialog.
  await section.getByRole("checkbox", { name: "Selecionar todos" }).check();
  const total = SINGLES.reduce((sum, s) => sum + s.cents, 0) + SERIES.cents * SERIES.count;
  const shown = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(total / 100);
  await section.getByRole("button", { name: `Aprovar selecionados (5) · ${shown}` }).click();
  await expect(section.getByTestId("bulk-confirm")).toContainText(`Aprovar 5 itens somando ${shown}?`);
  expect((await approver.request.post("/api/me/step-up", { data: { password: E2E.password }, headers: ORIGIN })).status()).toBe(200);
  const sent = approver.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/transfers/decisions");
  await section.getByRole("button", { name: "Sim, aprovar" }).click();
  const request = await sent;
  const body = request.postDataJSON() as { items: Array<{ kind: string; decision: string }> };
  expect(body.items.map((i) => i.kind).sort()).toEqual(["series", "transfer", "transfer", "transfer", "transfer"]);
  expect(body.items.every((i) => i.decision === "approve")).toBe(true);
  // The tab is closed as soon as the request has left: the browser will never see its answer.
  await approver.context().close();

  // Another session of the same approver: nothing waits any more.
  const again = await pageAs(browser, "approver2", 1440);
  const waiting = async () => ((await (await again.request.get("/api/transfers?scope=inbox")).json()) as Listed).transfers.length;
  await expect.poll(waiting, { timeout: 15_000 }).toBe(0);
  for (const id of made.transferIds) {
    const { transfer } = (await (await again.request.get(`/api/transfers/${id}`)).json()) as { transfer: { state: string; approvals: Array<{ approver: { email: string } }> } };
    expect(transfer.state, id).not.toBe("awaiting_approval");
    expect(transfer.approvals.map((a) => a.approver.email)).toEqual(["approver2@demo.test"]);
  }
  // Each request its own decision in the audit log, by approver2.
  const admin = await pageAs(browser, "admin", 1440);
  const { entries } = (await (await admin.request.get("/api/audit?action=transfer.approve&actor=approver2@demo.test&pageSize=100")).json()) as {
    entries: Array<{ detail: { transfer_id?: string } }>;
  };
  const approvedIds = entries.map((e) => e.detail.transfer_id);
  for (const id of made.transferIds) expect(approvedIds, id).toContain(id);
  await again.goto("/transfers");
  await expect(again.getByTestId("inbox-badge")).toHaveCount(0);
});

test("at 390 px the series is one card with its days and its total, and opens its first occurrence", async ({ browser }) => {
  const approver = await pageAs(browser, "approver2", 390);
  await clearInbox(approver.request, E2E.appUrl);
  const operator = await pageAs(browser, "operator", 390);
  const res = await operator.request.post("/api/transfers", {
    data: {
      idempotent_id: `e2e-bulk-${stamp}-series-phone`,
      value_cents: 99_990,
      initiation_type: "dict",
      receiver_name: `Academia Corporativa ${stamp}`,
      receiver_document: freshCpf(),
      pix_key_type: "email",
      pix_key: `academia-${stamp}@example.com`,
      scheduled_for: brazilDay(2),
      recurrence: { every: "month", count: 6 },
    },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(201);
  await approver.goto("/transfers");
  const section = approver.getByRole("region", { name: /Aguardando você/ });
  const cards = section.locator("li[data-inbox-item]");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute("data-inbox-item", "series");
  await expect(cards.first()).toContainText("Série: 6 ocorrências");
  await expect(cards.first()).toContainText("R$\u00a05.999,40");
  await approver.screenshot({ path: `${SHOTS}/bulk-series-inbox-pt-390.png`, fullPage: true });
  await cards.first().getByRole("link").click();
  await expect(approver).toHaveURL(/\/transfers\/[^/]+$/);
  await expect(approver.getByTestId("series-card")).toBeVisible();
  await clearInbox(approver.request, E2E.appUrl);
});
