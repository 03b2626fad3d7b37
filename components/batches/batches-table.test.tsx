// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Batch } from "@/lib/batches/types";
import { BatchesTable } from "./batches-table";
import { renderWithIntl } from "./render-with-intl";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn() }) }));

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

const batch = (id: string, extra: Partial<Batch>): Batch =>
  ({
    id,
    created_at: "2026-03-10T15:00:00.000Z",
    file_name: "folha.csv",
    valid: 3,
    invalid: 1,
    total_cents: 250_000,
    maker: { id: "u1", email: "maker@example.com" },
    state: "draft",
    progress: {},
    outcome: { paid: { count: 0 }, not_paid: { count: 0 } },
    ...extra,
  }) as unknown as Batch;

describe("BatchesTable", () => {
  it("draws each batch as a row opening its page, with how far its rows got once submitted", () => {
    const rows = [
      batch("b1", { state: "sending", outcome: { paid: { count: 2 }, not_paid: { count: 1 } } } as Partial<Batch>),
      batch("b2", { file_name: null }),
    ];
    const view = renderWithIntl(<BatchesTable batches={rows} caption="Lotes" />, "pt-BR");
    unmount = view.unmount;
    const table = view.host.querySelector("table[data-testid=batches-list]")!;
    expect([...table.querySelectorAll("th")].map((th) => th.textContent)).toEqual(["Enviado em", "Arquivo", "Valor", "Situação", "Andamento"]);
    const trs = [...table.querySelectorAll("tbody tr")];
    expect(trs.map((tr) => tr.querySelector("a")!.getAttribute("href"))).toEqual(["/batches/b1", "/batches/b2"]);
    expect(trs[0]!.querySelector("td[data-column=total]")!.textContent).toBe("R$\u00a02.500,00");
    expect(trs[0]!.querySelector("td[data-column=file]")!.textContent).toBe("folha.csv3 válidas · 1 com erros · maker@example.com");
    expect(trs[0]!.querySelector("[data-testid=batch-paid-summary]")!.textContent).toBe("Pagas: 2 · Não pagas: 1");
    expect(trs[1]!.querySelector("[data-testid=batch-paid-summary]")!.textContent).toBe("");
    expect(view.host.querySelectorAll("ul[aria-label=Lotes] li a")).toHaveLength(2);
  });
});
