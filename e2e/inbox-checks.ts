import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** What the approver's day (approver-day.spec.ts) checks on every screen it passes: accessibility and layout. */

/** Checkboxes named by their item, the section by its heading: axe finds nothing in "Aguardando você". */
export async function expectSectionAccessible(page: Page, what: string) {
  const axe = await new AxeBuilder({ page }).include("[data-testid=inbox-section]").setLegacyMode(true).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`), what).toEqual([]);
}

/** The longest state name a transfer can carry, in Portuguese. */
const LONGEST_STATE = "Aguardando confirmação do provedor";

/**
 * No state badge runs into its row's amount or out of its row, with the words it has and then
 * with the longest state name written into every badge (a layout check: the states seen here are
 * paid and canceled, not every one). Only rows of the layout on screen (table or cards) count.
 */
export async function expectBadgesClear(page: Page, rows: string, what: string) {
  for (const longest of [false, true]) {
    const { measured, problems } = await page.evaluate(
      ({ rows, longest, word }) => {
        const problems: string[] = [];
        let measured = 0;
        const textBox = (el: Element) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return range.getBoundingClientRect();
        };
        for (const row of document.querySelectorAll<HTMLElement>(rows)) {
          if (row.getClientRects().length === 0) continue; // the other layout, hidden
          const badge = row.querySelector<HTMLElement>("span[data-state]");
          const amount = row.querySelector<HTMLElement>("[data-column=amount]");
          if (!badge || !amount) continue;
          if (longest) badge.textContent = word;
          const b = badge.getBoundingClientRect();
          const a = textBox(amount);
          const r = row.getBoundingClientRect();
          measured++;
          const overlap = b.left < a.right && a.left < b.right && b.top < a.bottom && a.top < b.bottom;
          if (overlap || b.right > r.right + 0.5) problems.push(`"${badge.textContent}" [${b.left | 0}-${b.right | 0}] amount [${a.left | 0}-${a.right | 0}] row to ${r.right | 0}`);
        }
        return { measured, problems };
      },
      { rows, longest, word: LONGEST_STATE },
    );
    expect(measured, what).toBeGreaterThan(0);
    expect(problems, `${what}${longest ? `, every badge saying "${LONGEST_STATE}"` : ""}`).toEqual([]);
  }
}

/**
 * What earlier specs on this stack left waiting for this approver is rejected first, so a spec's
 * counts and "next item" are its own. A series' other occurrences go with the first (409: already decided).
 */
export async function clearInbox(request: APIRequestContext, origin: string) {
  for (let round = 0; round < 20; round++) {
    const { transfers } = (await (await request.get("/api/transfers?scope=inbox")).json()) as { transfers: Array<{ id: string }> };
    const { batches } = (await (await request.get("/api/batches?scope=inbox")).json()) as { batches: Array<{ id: string }> };
    if (transfers.length === 0 && batches.length === 0) return;
    for (const [kind, list] of [["transfers", transfers], ["batches", batches]] as const) {
      for (const { id } of list) {
        const res = await request.post(`/api/${kind}/${id}/reject`, { data: { reason: "Fora do escopo deste teste" }, headers: { origin } });
        expect([200, 409], await res.text()).toContain(res.status());
      }
    }
  }
  throw new Error("the approver's inbox did not empty");
}
