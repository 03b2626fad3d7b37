import { expect, test } from "@playwright/test";
import { storageStateFor } from "./env";
import { brazilDay, brazilDayTyped, expectView, listFromApi, listParamInstant, PAST, shownRows, urlParams, type ShownRow } from "./payments-table-helpers";

/**
 * The payments explorer's filters as finance staff (viewer) use them: every filter through the
 * UI changes the URL and every row shown satisfies it; totals equal the provider's meta.
 * (Pagination, pasted links, states, keyboard and looks: payments-view.spec.ts.)
 */
test.use({ storageState: storageStateFor("viewer") });

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
    // No live channel on this page: another spec's payment would refresh the list (with the filter,
    // once it is on) and add a request the count below is not about. Live refreshes: events.spec.ts.
    await page.route(/\/api\/events(\?|$)/, (route) => route.abort());
    await page.goto("/payments");
    await expectView(page, {});
    const listCalls: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname === "/api/payments") listCalls.push(url.search);
    });
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Canceled" });
    await expect(page).toHaveURL(/[?&]status=canceled(&|$)/);
    await expectView(page, { status: "canceled" });
    // The change starts its request before React renders (use-payments-view.ts): one request, not two.
    expect(listCalls.filter((search) => search !== "")).toEqual(["?status=canceled"]);
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
        label: "Receiver CPF/CNPJ",
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
    await page.getByLabel("Receiver CPF/CNPJ", { exact: true }).fill("12ab");
    await expect(page.getByText("digits only")).toBeVisible();
    await page.getByLabel("Receiver name", { exact: true }).focus();
    expect(urlParams(page).receiver_document).toBeUndefined();
  });

  test("Registered and Paid ranges: the URL holds both ends and every row falls inside", async ({ page }) => {
    for (const [label, startKey, endKey, field] of [
      ["Registered at", "registration_start_date", "registration_end_date", "registered"],
      ["Paid at", "payment_start_date", "payment_end_date", "paid"],
    ] as const) {
      await page.goto("/payments");
      await expectView(page, {});
      await page.getByLabel(label, { exact: true }).click();
      const dialog = page.getByRole("dialog", { name: `${label} date range` });
      // Days are typed as dd/mm/aaaa whatever the browser's locale.
      await dialog.getByLabel("From").fill(brazilDayTyped(20));
      // Half a range cannot be applied (the provider would answer 400).
      await expect(dialog.getByRole("button", { name: "Apply" })).toBeDisabled();
      await dialog.getByLabel("To").fill(brazilDayTyped(14));
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
    await page.getByLabel("Registered at", { exact: true }).click();
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
    const tableTop = async () => (await page.locator("table").boundingBox())?.y;
    const topWithChips = await tableTop();
    await page.getByLabel("Receiver name", { exact: true }).fill("a");
    await expect(page).toHaveURL((url) => url.searchParams.get("receiver_name") === "a" && !url.searchParams.has("page"));
    await expectView(page, { status: "completed", receiver_name: "a" });
    await page.getByRole("button", { name: /^Remove filter Receiver name/ }).click();
    await expect(page).toHaveURL((url) => !url.searchParams.has("receiver_name") && url.searchParams.get("status") === "completed");
    await expect(page.getByLabel("Receiver name", { exact: true })).toHaveValue("");
    await page.getByRole("button", { name: "Clear all", exact: true }).click();
    await expect(page).toHaveURL((url) => url.search === "");
    await expectView(page, {});
    await expect(page.getByRole("group", { name: "Active filters" })).toHaveCount(0);
    await expect(page.getByText("No filters: all payments")).toBeVisible();
    // The chips' line keeps its height when it empties: the table does not move.
    expect(await tableTop()).toBe(topWithChips);
  });
});
