import { expect, type Page } from "@playwright/test";

/** Shared by the payments explorer specs (payments-table, payments-view). */
// What the provider says for a query (asked through our own /api/payments, as the browser
// asks), and what the table shows.
export type ListAnswer = {
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

export async function listFromApi(page: Page, params: Record<string, string>): Promise<ListAnswer> {
  const response = await page.request.get(`/api/payments?${new URLSearchParams(params).toString()}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ListAnswer;
}

/** The table shows exactly this query: totals match the provider's meta, the page is loaded. */
export async function expectView(page: Page, params: Record<string, string>): Promise<ListAnswer> {
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

export type ShownRow = {
  status: string | null;
  receiverName: string;
  document: string | null;
  reference: string;
  endToEnd: string;
  registered: string | null;
  paid: string | null;
};

export async function shownRows(page: Page): Promise<ShownRow[]> {
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
export function urlParams(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

/** "YYYY-MM-DD" of Brazil's calendar, `daysAgo` days before today. */
export function brazilDay(daysAgo: number): string {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(at);
}

/** The same day as people type it in the date fields: "dd/mm/aaaa". */
export function brazilDayTyped(daysAgo: number): string {
  const [y, m, d] = brazilDay(daysAgo).split("-");
  return `${d}/${m}/${y}`;
}

/** The instant of a Brazil wall-clock list parameter (Brazil has kept UTC-3 since 2019). */
export function listParamInstant(value: string): number {
  return Date.parse(`${value}-03:00`);
}

// A past window of registration dates: seeded history there no longer changes.
export const PAST = { registration_start_date: `${brazilDay(40)}T00:00:00`, registration_end_date: `${brazilDay(10)}T23:59:59` };
