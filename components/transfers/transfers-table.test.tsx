// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithIntl } from "@/components/batches/render-with-intl";
import type { TransferRequest } from "@/lib/transfers/types";
import { TransfersTable } from "./transfers-table";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn() }) }));

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

/** The fields the list shows; the rest of a request does not reach the table. */
const request = (id: string, extra: Partial<TransferRequest> = {}): TransferRequest =>
  ({
    id,
    state: "awaiting_approval",
    value_cents: 123_456,
    receiver_name: `Receiver ${id}`,
    receiver_document: "52998224725",
    description: null,
    cost_centre: null,
    batch_id: null,
    batch_line: null,
    maker: { id: "u1", email: "maker@example.com" },
    approvals: [],
    approvals_required: 1,
    created_at: "2026-03-10T15:00:00.000Z",
    scheduled_for: null,
    attention: null,
    ...extra,
  }) as TransferRequest;

describe("TransfersTable", () => {
  it("draws each request as a row of the one data table, named and linked as the pages and specs expect", () => {
    const rows = [request("a1"), request("b2", { state: "paid", batch_id: "batch-9", batch_line: 4, approvals_required: 0 })];
    const view = renderWithIntl(<TransfersTable transfers={rows} caption="All" />, "pt-BR");
    unmount = view.unmount;
    const table = view.host.querySelector("[data-testid=transfers-table]")!;
    expect([...table.querySelectorAll("th")].map((th) => th.textContent)).toEqual([
      "Criada em",
      "Situação",
      "Valor",
      "Recebedor",
      "Centro de custo",
      "Lote",
      "Criada por",
      "Aprovações",
      "Há",
    ]);
    const trs = table.querySelectorAll("tbody tr");
    expect([...trs].map((tr) => [tr.getAttribute("data-transfer-id"), tr.getAttribute("data-state")])).toEqual([
      ["a1", "awaiting_approval"],
      ["b2", "paid"],
    ]);
    // Plain rows: the first cell's link is the row's one Tab stop.
    expect(trs[0]!.hasAttribute("tabindex")).toBe(false);
    expect(trs[0]!.querySelector("td a")!.getAttribute("href")).toBe("/transfers/a1");
    expect(trs[0]!.querySelector("td[data-column=amount]")!.textContent).toBe("R$\u00a01.234,56");
    expect(trs[1]!.querySelector("td[data-column=batch]")!.textContent).toContain("Lote, linha 4");
    expect(trs[1]!.querySelector("td[data-column=batch] a[href='/transfers?batch=batch-9']")).not.toBeNull();
    expect(trs[0]!.textContent).toContain("0 de 1");
    expect(trs[1]!.textContent).toContain("não exige");
  });

  it("lists the same requests as cards for a phone", () => {
    const view = renderWithIntl(<TransfersTable transfers={[request("a1"), request("b2")]} caption="All" />, "en");
    unmount = view.unmount;
    const cards = view.host.querySelectorAll("ul[aria-label=All] > li[data-transfer-id]");
    expect([...cards].map((li) => li.querySelector("a")!.getAttribute("href"))).toEqual(["/transfers/a1", "/transfers/b2"]);
  });
});
