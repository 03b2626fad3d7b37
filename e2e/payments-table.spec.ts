import { expect, test, type Page } from "@playwright/test";
import { E2E, storageStateFor } from "./env";

/**
 * The payments explorer as finance staff (viewer) use it: every filter through the UI, the
 * URL as the single source of truth, totals equal to the provider's meta, pagination, error
 * and empty states, keyboard, and how it looks (light/dark, 1280/1024 px).
 */
test.use({ storageState: storageStateFor("viewer") });

// What the provider says for a query (asked through our own /api/payments, as the browser
// asks), and what the table shows.
type ListAnswer = {
  payments: Array<{
    idempotent_id: string;
    reference_code: string;
    receiver_name: string;
    receiver_document: string;
    end_to_end: string | null;
    status: string;
    registration_date: string;
    payment_date: string | null;
    value_cents: number;
  }>;
  meta: { current_page: number; total_pages: number; total_items_amount: number; total_value_cents: number };
};

async function listFromApi(page: Page, params: Record<string, string>): Promise<ListAnswer> {
  const response = await page.request.get(`/api/payments?${new URLSearchParams(params).toString()}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ListAnswer;
}

/** The table shows exactly this query: totals match the provider's meta, the page is loaded. */
async function expectView(page: Page, params: Record<string, string>): Promise<ListAnswer> {
  const answer = await listFromApi(page, params);
  await expect(page.getByTestId("total-payments")).toHaveAttribute("data-value", String(answer.meta.total_items_amount));
  await expect(page.getByTestId("total-value")).toHaveAttribute("data-value", String(answer.meta.total_value_cents));
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  if (answer.payments.length > 0) {
    await expect(page.locator("tbody tr")).toHaveCount(answer.payments.length);
    await expect(page.locator("tbody tr").first().locator("td[data-column='reference_code']")).toContainText(
      answer.payments[0]!.reference_code,
    );
  }
  return answer;
}

type ShownRow = {
  status: string | null;
  receiverName: string;
  document: string | null;
  reference: string;
  endToEnd: string;
  registered: string | null;
  paid: string | null;
};

async function shownRows(page: Page): Promise<ShownRow[]> {
  return page.locator("tbody tr").evaluateAll((rows) =>
    rows.map((tr) => {
      const cell = (id: string) => tr.querySelector<HTMLElement>(`td[data-column="${id}"]`);
      return {
        status: cell("status")?.querySelector("[data-status]")?.getAttribute("data-status") ?? null,
        receiverName: cell("receiver_name")?.textContent?.trim() ?? "",
        document: cell("receiver_document")?.querySelector("[data-document]")?.getAttribute("data-document") ?? null,
        reference: cell("reference_code")?.querySelector("a")?.textContent?.trim() ?? "",
        endToEnd: cell("end_to_end")?.querySelector("[title]")?.getAttribute("title") ?? "",
        registered: cell("registration_date")?.querySelector("time")?.getAttribute("datetime") ?? null,
        paid: cell("payment_date")?.querySelector("time")?.getAttribute("datetime") ?? null,
      };
    }),
  );
}

/** Query parameters in the page's URL. */
function urlParams(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

/** "YYYY-MM-DD" of Brazil's calendar, `daysAgo` days before today. */
function brazilDay(daysAgo: number): string {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(at);
}

/** The instant of a Brazil wall-clock list parameter (Brazil has kept UTC-3 since 2019). */
function listParamInstant(value: string): number {
  return Date.parse(`${value}-03:00`);
}

// A past window of registration dates: seeded history there no longer changes.
const PAST = { registration_start_date: `${brazilDay(40)}T00:00:00`, registration_end_date: `${brazilDay(10)}T23:59:59` };

test.describe("payments table", () => {
  test("first paint is server-rendered: rows and totals without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageStateFor("viewer"), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/payments?status=completed");
    const answer = await listFromApi(page, { status: "completed" });
    await expect(page.locator("tbody tr")).toHaveCount(answer.payments.length);
    await expect(page.getByTestId("total-payments")).toHaveAttribute("data-value", String(answer.meta.total_items_amount));
    await expect(page.getByTestId("total-value")).toHaveAttribute("data-value", String(answer.meta.total_value_cents));
    await expect(page.getByTestId("page-status")).toHaveText(`Page 1 of ${answer.meta.total_pages}`);
    await context.close();
  });

  test("Status filter: the URL changes and every row has that status", async ({ page }) => {
    await page.goto("/payments");
    await expectView(page, {});
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Canceled" });
    await expect(page).toHaveURL(/[?&]status=canceled(&|$)/);
    await expectView(page, { status: "canceled" });
    const rows = await shownRows(page);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.status).toBe("canceled");
    await expect(page.getByRole("group", { name: "Active filters" })).toContainText("Status:Canceled");
  });

  test("text filters: each one changes the URL (debounced) and every row matches", async ({ page }) => {
    const sample = (await listFromApi(page, { status: "completed", ...PAST })).payments;
    const withE2e = sample.find((p) => p.end_to_end)!;
    // The contract's document filter is digits only: take a CPF or an all-digit CNPJ.
    const withDigits = sample.find((p, i) => i > 0 && /^\d+$/.test(p.receiver_document))!;
    const cases: Array<{ label: string; key: string; typed: string; sent: string; check: (r: ShownRow) => boolean }> = [
      {
        label: "Receiver name",
        key: "receiver_name",
        typed: sample[0]!.receiver_name.split(" ")[0]!.toLowerCase(),
        sent: sample[0]!.receiver_name.split(" ")[0]!.toLowerCase(),
        check: (r) => r.receiverName.toLowerCase().includes(sample[0]!.receiver_name.split(" ")[0]!.toLowerCase()),
      },
      {
        // Typed with punctuation, as people copy a CPF: the filter sends the digits.
        label: "Receiver document",
        key: "receiver_document",
        typed: `${withDigits.receiver_document.slice(0, 3)}.${withDigits.receiver_document.slice(3, 6)}`,
        sent: withDigits.receiver_document.slice(0, 6),
        check: (r) => (r.document ?? "").includes(withDigits.receiver_document.slice(0, 6)),
      },
      {
        label: "Reference code",
        key: "reference_code",
        typed: sample[2]!.reference_code.slice(-6),
        sent: sample[2]!.reference_code.slice(-6),
        check: (r) => r.reference.toLowerCase().includes(sample[2]!.reference_code.slice(-6).toLowerCase()),
      },
      {
        label: "End-to-end ID",
        key: "end_to_end",
        typed: withE2e.end_to_end!.slice(9, 21),
        sent: withE2e.end_to_end!.slice(9, 21),
        check: (r) => r.endToEnd.toLowerCase().includes(withE2e.end_to_end!.slice(9, 21).toLowerCase()),
      },
    ];
    for (const c of cases) {
      await page.goto("/payments");
      await expectView(page, {});
      await page.getByLabel(c.label, { exact: true }).fill(c.typed);
      await expect(page).toHaveURL(new RegExp(`[?&]${c.key}=${encodeURIComponent(c.sent)}(&|$)`));
      const answer = await expectView(page, { [c.key]: c.sent });
      expect(answer.meta.total_items_amount, c.label).toBeGreaterThan(0);
      const rows = await shownRows(page);
      for (const row of rows) expect(c.check(row), `${c.label}: ${JSON.stringify(row)}`).toBe(true);
    }
  });

  test("a document with letters is refused in the field and never sent", async ({ page }) => {
    await page.goto("/payments");
    await expectView(page, {});
    await page.getByLabel("Receiver document", { exact: true }).fill("12ab");
    await expect(page.getByText("digits only")).toBeVisible();
    await page.getByLabel("Receiver name", { exact: true }).focus();
    expect(urlParams(page).receiver_document).toBeUndefined();
  });

  test("Registered and Paid ranges: the URL holds both ends and every row falls inside", async ({ page }) => {
    for (const [label, startKey, endKey, field] of [
      ["Registered", "registration_start_date", "registration_end_date", "registered"],
      ["Paid", "payment_start_date", "payment_end_date", "paid"],
    ] as const) {
      await page.goto("/payments");
      await expectView(page, {});
      await page.getByLabel(label, { exact: true }).click();
      const dialog = page.getByRole("dialog", { name: `${label} date range` });
      await dialog.getByLabel("From").fill(brazilDay(20));
      // Half a range cannot be applied (the provider would answer 400).
      await expect(dialog.getByRole("button", { name: "Apply" })).toBeDisabled();
      await dialog.getByLabel("To").fill(brazilDay(14));
      await dialog.getByRole("button", { name: "Apply" }).click();
      const start = `${brazilDay(20)}T00:00:00`;
      const end = `${brazilDay(14)}T23:59:59`;
      await expect(page).toHaveURL((url) => url.searchParams.get(startKey) === start && url.searchParams.get(endKey) === end);
      const answer = await expectView(page, { [startKey]: start, [endKey]: end });
      expect(answer.meta.total_items_amount).toBeGreaterThan(0);
      for (const row of await shownRows(page)) {
        const at = Date.parse(row[field]!);
        expect(at, `${label} ${row[field]}`).toBeGreaterThanOrEqual(listParamInstant(start));
        expect(at).toBeLessThanOrEqual(listParamInstant(end) + 999);
      }
    }
  });

  test("date presets: Yesterday fills both ends at once", async ({ page }) => {
    await page.goto("/payments");
    await expectView(page, {});
    await page.getByLabel("Registered", { exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Yesterday" }).click();
    const day = brazilDay(1);
    await expect(page).toHaveURL(
      (url) =>
        url.searchParams.get("registration_start_date") === `${day}T00:00:00` &&
        url.searchParams.get("registration_end_date") === `${day}T23:59:59`,
    );
    await expectView(page, { registration_start_date: `${day}T00:00:00`, registration_end_date: `${day}T23:59:59` });
  });

  test("a filter change goes back to page 1; chips remove one filter or all", async ({ page }) => {
    await page.goto("/payments?page=3&status=completed");
    await expectView(page, { page: "3", status: "completed" });
    await page.getByLabel("Receiver name", { exact: true }).fill("a");
    await expect(page).toHaveURL((url) => url.searchParams.get("receiver_name") === "a" && !url.searchParams.has("page"));
    await expectView(page, { status: "completed", receiver_name: "a" });
    await page.getByRole("button", { name: /^Remove filter Receiver name/ }).click();
    await expect(page).toHaveURL((url) => !url.searchParams.has("receiver_name") && url.searchParams.get("status") === "completed");
    await expect(page.getByLabel("Receiver name", { exact: true })).toHaveValue("");
    await page.getByRole("button", { name: "Clear all", exact: true }).click();
    await expect(page).toHaveURL((url) => url.search === "");
    await expectView(page, {});
  });

  test("pagination walks to the last page and back, 100 rows a page", async ({ page }) => {
    const params = { status: "completed", ...PAST };
    const first = await listFromApi(page, params);
    expect(first.meta.total_pages).toBeGreaterThan(3);
    await page.goto(`/payments?${new URLSearchParams(params).toString()}`);
    await expectView(page, params);
    const last = first.meta.total_pages;
    await expect(page.getByTestId("page-status")).toHaveText(`Page 1 of ${last}`);
    await expect(page.getByRole("button", { name: "Previous page" })).toBeDisabled();
    await page.getByRole("button", { name: "Next page" }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expectView(page, { ...params, page: "2" });
    await page.getByRole("button", { name: "Last page" }).click();
    await expect(page.getByTestId("page-status")).toHaveText(`Page ${last} of ${last}`);
    const lastAnswer = await expectView(page, { ...params, page: String(last) });
    expect(lastAnswer.payments.length).toBe(first.meta.total_items_amount - (last - 1) * 100);
    await expect(page.getByRole("button", { name: "Next page" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Last page" })).toBeDisabled();
    await page.getByRole("button", { name: "First page" }).click();
    await expect(page).toHaveURL((url) => !url.searchParams.has("page"));
    await expectView(page, params);
  });

  test("a pasted URL reproduces the view; reload, back and forward keep it", async ({ page }) => {
    const rest = { status: "completed", receiver_name: "a", ...PAST };
    const params = { ...rest, page: "2" };
    await page.goto(`/payments?${new URLSearchParams(params).toString()}`);
    const answer = await expectView(page, params);
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("completed");
    await expect(page.getByLabel("Receiver name", { exact: true })).toHaveValue("a");
    await expect(page.getByTestId("page-status")).toHaveText(`Page 2 of ${answer.meta.total_pages}`);
    await expect(page.getByRole("group", { name: "Active filters" })).toContainText("Registered:");

    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Canceled" });
    await expect(page).toHaveURL((url) => url.searchParams.get("status") === "canceled" && !url.searchParams.has("page"));
    await expectView(page, { ...rest, status: "canceled" });

    await page.reload();
    await expectView(page, { ...rest, status: "canceled" });
    await page.goBack();
    await expect(page).toHaveURL((url) => url.searchParams.get("status") === "completed" && url.searchParams.get("page") === "2");
    await expectView(page, params);
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("completed");
    await page.goForward();
    await expectView(page, { ...rest, status: "canceled" });
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("canceled");
  });

  test("invalid values in a pasted URL are ignored with a notice, never a crash", async ({ page }) => {
    await page.goto(
      "/payments?page=abc&status=NOT%20VALID&receiver_document=12a&receiver_name=Ana" +
        "&registration_start_date=2026-01-01T00:00:00&payment_end_date=yesterday",
    );
    const notice = page.getByRole("status").filter({ hasText: "Some values in the link were ignored" });
    await expect(notice).toBeVisible();
    for (const text of ["Page “abc”", "Status “NOT VALID”", "Receiver document “12a”", "Registered from", "Paid to “yesterday”"]) {
      await expect(notice).toContainText(text);
    }
    // The usable part of the link is kept, the rest leaves the URL.
    await expect(page).toHaveURL((url) => url.search === "?receiver_name=Ana");
    await expectView(page, { receiver_name: "Ana" });
    await notice.getByRole("button", { name: "Dismiss" }).click();
    await expect(notice).toHaveCount(0);
  });

  test("an empty result names the filters that gave nothing", async ({ page }) => {
    await page.goto("/payments?receiver_name=zzqxw-nobody&status=sent");
    const empty = page.getByRole("status").filter({ hasText: "No payments match these filters" });
    await expect(empty).toBeVisible();
    await expect(empty).toContainText("Receiver name zzqxw-nobody");
    await expect(empty).toContainText("Status Sent");
    await expect(page.locator("table")).toHaveCount(0);
    await empty.getByRole("button", { name: "Clear all filters" }).click();
    await expectView(page, {});
  });

  test("a failed load shows the reason and Retry, never an empty table", async ({ page }) => {
    const arm = await page.request.post(`${E2E.sandboxUrl}/_control/faults`, {
      data: { method: "GET", path: "/v1/pix/payments", fault: "500", times: 50 },
    });
    expect(arm.ok()).toBe(true);
    try {
      await page.goto("/payments?receiver_name=retry-check");
      const alert = page.getByRole("alert").filter({ hasText: "Could not load payments" });
      await expect(alert).toBeVisible({ timeout: 20_000 });
      await expect(page.locator("table")).toHaveCount(0);
    } finally {
      await page.request.delete(`${E2E.sandboxUrl}/_control/faults`);
    }
    await page.getByRole("button", { name: "Retry", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Could not load payments" })).toHaveCount(0);
    await expectView(page, { receiver_name: "retry-check" });
  });

  test("keyboard: / focuses the filters, arrows move between rows, Enter opens", async ({ page }) => {
    await page.goto("/payments?status=completed");
    const answer = await expectView(page, { status: "completed" });
    // The first paint is server-rendered: keys work once the page has hydrated, so try until then.
    await expect(async () => {
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press("/");
      await expect(page.getByLabel("Status", { exact: true })).toBeFocused({ timeout: 500 });
    }).toPass();
    const rows = page.locator("tbody tr");
    await rows.first().focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(rows.nth(2)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/payments/${encodeURIComponent(answer.payments[1]!.idempotent_id)}$`));
    await page.goBack();
    await expect(page).toHaveURL(/\/payments\?status=completed$/);
    await expectView(page, { status: "completed" });
  });

  test("a click on a row opens the payment; the copy button does not", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/payments?status=completed");
    const answer = await expectView(page, { status: "completed" });
    const first = page.locator("tbody tr").first();
    await first.getByRole("button", { name: "Copy reference code" }).click();
    await expect(page).toHaveURL(/\/payments\?status=completed$/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(answer.payments[0]!.reference_code);
    await first.locator("td[data-column='value_cents']").click();
    await expect(page).toHaveURL(new RegExp(`/payments/${encodeURIComponent(answer.payments[0]!.idempotent_id)}$`));
  });

  test("the column chooser and density stick across reloads", async ({ page }) => {
    await page.goto("/payments");
    await expectView(page, {});
    await expect(page.getByRole("columnheader", { name: "Pix key" })).toBeVisible();
    await page.getByRole("button", { name: "Columns" }).click();
    await page.getByRole("checkbox", { name: "Pix key" }).uncheck();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Columns" })).toBeFocused();
    await expect(page.getByRole("columnheader", { name: "Pix key" })).toHaveCount(0);
    await page.getByRole("button", { name: "Compact rows" }).click();
    await expect(page.getByRole("button", { name: "Compact rows" })).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(page.getByRole("columnheader", { name: "Pix key" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Compact rows" })).toHaveAttribute("aria-pressed", "true");
    // Put things back for the other tests of this user.
    await page.getByRole("button", { name: "Columns" }).click();
    await page.getByRole("button", { name: "Show all columns" }).click();
    await page.getByRole("button", { name: "Compact rows" }).click();
    await expect(page.getByRole("columnheader", { name: "Pix key" })).toBeVisible();
  });

  test("screenshots: light and dark, 1280 and 1024 wide", async ({ page }) => {
    for (const width of [1280, 1024]) {
      for (const colorScheme of ["light", "dark"] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme });
        await page.goto("/payments?status=canceled&receiver_name=a");
        await expectView(page, { status: "canceled", receiver_name: "a" });
        // At both widths nothing but the table itself scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `test-results/shots/payments-${width}-${colorScheme}.png` });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/payments");
    await expectView(page, {});
    await page.getByLabel("Paid", { exact: true }).click();
    await page.getByRole("dialog").getByLabel("From").fill(brazilDay(3));
    await page.screenshot({ path: "test-results/shots/payments-range-open.png" });
  });
});
