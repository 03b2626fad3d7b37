// @vitest-environment jsdom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithIntl } from "@/components/batches/render-with-intl";
import type { Batch } from "@/lib/batches/types";
import type { InboxItem } from "@/lib/transfers/inbox-items";
import type { TransferRequest } from "@/lib/transfers/types";
import { InboxTable } from "./inbox-table";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn() }) }));

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

const maker = { id: "u1", email: "maker@example.com" };
const created_at = "2026-03-10T15:00:00.000Z";
const transfer = { id: "t1", receiver_name: "Ana Souza", receiver_document: "52998224725", approvals: [], approvals_required: 2 } as unknown as TransferRequest;
const batch = { id: "b1", file_name: "folha.csv", valid: 12, approvals: [], approvals_required: 1 } as unknown as Batch;
const ITEMS: InboxItem[] = [
  { kind: "batch", key: "batch:b1", id: "b1", created_at, value_cents: 500_000, maker, batch },
  { kind: "request", key: "request:t1", id: "t1", created_at, value_cents: 12_345, maker, transfer },
];

function render(selected: ReadonlySet<string>, onToggle = vi.fn(), onToggleAll = vi.fn()) {
  const view = renderWithIntl(<InboxTable items={ITEMS} caption="Inbox" selected={selected} onToggle={onToggle} onToggleAll={onToggleAll} />, "pt-BR");
  unmount = view.unmount;
  return view.host;
}

describe("InboxTable", () => {
  it("draws a batch as one line and a request as another, each opening its own page", () => {
    const host = render(new Set());
    const rows = host.querySelectorAll("[data-testid=inbox-items] table tbody tr[data-inbox-item]");
    expect([...rows].map((tr) => [tr.getAttribute("data-inbox-item"), tr.getAttribute("data-id"), tr.querySelector("a")!.getAttribute("href")])).toEqual([
      ["batch", "b1", "/batches/b1"],
      ["request", "t1", "/transfers/t1"],
    ]);
    expect(rows[0]!.textContent).toContain("folha.csv");
    expect(rows[1]!.querySelector("td[data-column=amount]")!.textContent).toBe("R$\u00a0123,45");
    // The phone's cards open a request's one-screen decision page.
    expect(host.querySelector("li[data-inbox-item=request] a")!.getAttribute("href")).toBe("/transfers/t1/decide");
  });

  it("ticks one item by its checkbox and every item by the header's", () => {
    const onToggle = vi.fn();
    const onToggleAll = vi.fn();
    const host = render(new Set(["batch:b1"]), onToggle, onToggleAll);
    const table = host.querySelector("table")!;
    const boxes = table.querySelectorAll<HTMLInputElement>("tbody input[type=checkbox]");
    expect([...boxes].map((box) => box.checked)).toEqual([true, false]);
    expect(boxes[1]!.getAttribute("aria-label")).toContain("Ana Souza");
    act(() => boxes[1]!.click());
    expect(onToggle).toHaveBeenCalledWith("request:t1");
    const all = table.querySelector<HTMLInputElement>("thead input[type=checkbox]")!;
    expect(all.checked).toBe(false);
    act(() => all.click());
    expect(onToggleAll).toHaveBeenCalledWith(true);
  });
});
