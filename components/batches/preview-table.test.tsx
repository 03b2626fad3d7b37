// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { BatchPreviewRow } from "@/lib/batches/preview-row";
import { BatchStateBadge } from "./batch-state-badge";
import { PreviewTable } from "./preview-table";
import { renderWithIntl } from "./render-with-intl";

const VIEWPORT_PX = 520;
beforeAll(() => {
  // jsdom lays nothing out: give the scrolling area a height so the virtualiser has a window.
  Object.defineProperty(HTMLElement.prototype, "clientHeight", {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === "batch-preview-scroll" ? VIEWPORT_PX : 0;
    },
  });
});

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

const keyRow = (line: number, extra: Partial<BatchPreviewRow> = {}): BatchPreviewRow => ({
  line,
  state: "valid",
  idempotent_id: `batch-b1-${line}`,
  value_cents: 10_000,
  receiver_name: `Receiver ${line}`,
  receiver_document: "52998224725",
  pix_key_type: "phone",
  pix_key: "+5511912345678",
  ...extra,
});

const BAD_ROWS: BatchPreviewRow[] = [
  keyRow(7, { state: "invalid", errors: [{ field: "row", message: "batches.errors.duplicateInFile", values: { line: 2 } }] }),
  keyRow(4, {
    state: "invalid",
    value_cents: null,
    receiver_document: "123",
    errors: [
      { field: "amount", message: "validation.amount.required" },
      { field: "receiver_document", message: "validation.document.invalid" },
      { field: "idempotent_id", message: "Refused by the store: id in use" },
    ],
  }),
];

function render(rows: BatchPreviewRow[], locale: "en" | "pt-BR" = "en") {
  const rendered = renderWithIntl(<PreviewTable rows={rows} />, locale);
  unmount = rendered.unmount;
  return rendered.host;
}
const bodyRows = (host: HTMLElement) => [...host.querySelectorAll<HTMLTableRowElement>("tbody tr")];
const text = (el: Element | null | undefined) => el?.textContent ?? "";

describe("PreviewTable", () => {
  it("shows the totals of the valid rows above the table", () => {
    const host = render([keyRow(2), keyRow(3, { value_cents: 123_456 }), ...BAD_ROWS]);
    const value = (id: string) => text(host.querySelector(`[data-testid="${id}"]`));
    expect([value("batch-total-rows"), value("batch-total-valid"), value("batch-total-invalid")]).toEqual(["4", "2", "2"]);
    expect(value("batch-total-value")).toBe("R$\u00a01.334,56");
    expect(host.textContent).toContain("2 rows with errors will not be sent.");
  });

  it("puts invalid rows first, each group in line order, with each reason under its field", () => {
    const host = render([keyRow(2), keyRow(3), ...BAD_ROWS]);
    const rows = bodyRows(host);
    expect(rows.map((r) => [r.dataset.line, r.dataset.state])).toEqual([
      ["4", "invalid"],
      ["7", "invalid"],
      ["2", "valid"],
      ["3", "valid"],
    ]);
    const [line4, line7] = rows;
    expect(text(line4?.querySelector('[data-testid="batch-errors-amount"]'))).toBe("Enter an amount");
    expect(text(line4?.querySelector('[data-testid="batch-errors-receiver"]'))).toBe("This is not a valid CPF or CNPJ (check the digits)");
    // A message that is not a key is shown as it is.
    expect(text(line4?.querySelector('[data-testid="batch-errors-id"]'))).toBe("Refused by the store: id in use");
    expect(text(line4)).toContain("—");
    expect(text(line7?.querySelector('[data-testid="batch-errors-state"]'))).toBe("Repeats line 2: same receiver, amount and destination.");
    expect(text(rows[2])).toContain("R$\u00a0100,00");
    expect(text(rows[2])).toContain("529.982.247-25");
    expect(text(rows[2])).toContain("+55 11 91234-5678");
  });

  it("speaks the UI language; formats stay Brazilian", () => {
    const host = render([...BAD_ROWS, keyRow(2)], "pt-BR");
    expect(text(host.querySelector('[data-testid="batch-errors-state"]'))).toBe("Repete a linha 2: mesmo recebedor, valor e destino.");
    expect(text(host.querySelector('[data-testid="batch-errors-amount"]'))).toBe("Informe o valor");
    expect(host.querySelector("thead")?.textContent).toContain("ID do parceiro");
    expect(text(host.querySelector('[data-testid="batch-total-value"]'))).toBe("R$\u00a0100,00");
  });

  it("shows a bank account row by bank, branch, account and type", () => {
    const host = render([
      { line: 2, state: "valid", idempotent_id: "b-2", value_cents: 5_000, receiver_name: "José", receiver_document: "11144477735", bank: { ispb: "60701190", agency: "1234", account: "123456", account_type: "CACC" } },
    ]);
    const row = text(bodyRows(host)[0]);
    expect(row).toContain("Itaú Unibanco (60701190)");
    expect(row).toContain("Branch 1234 · Account 123456 · Checking");
  });

  it("keeps 5,000 rows out of the DOM but the ones in view, and follows the scroll", () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => keyRow(i + 2, i % 100 === 0 ? { state: "invalid", errors: [{ field: "amount", message: "validation.amount.required" }] } : {}));
    const host = render(rows);
    const table = host.querySelector("table");
    expect(table?.getAttribute("aria-rowcount")).toBe("5001");
    const shown = bodyRows(host);
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(40);
    expect(shown[0]?.dataset.line).toBe("2");
    expect(shown.slice(0, 5).every((r) => r.dataset.state === "invalid")).toBe(true);

    const scroller = host.querySelector<HTMLElement>('[data-testid="batch-preview-scroll"]')!;
    act(() => {
      scroller.scrollTop = 52 * 2_500;
      scroller.dispatchEvent(new Event("scroll"));
    });
    const after = bodyRows(host);
    expect(after.length).toBeLessThan(40);
    const lines = after.map((r) => Number(r.dataset.line));
    expect(Math.min(...lines)).toBeGreaterThan(2_000);
  });
});

describe("a finished batch", () => {
  const sentRow = (line: number, state: "paid" | "provider_canceled" | "failed", cents: number) =>
    keyRow(line, { value_cents: cents, sent: { state, reference_code: null, outcome: null, transfer_id: `t-${line}` } });

  it("leads with what happened to the money, and lists the rows not paid first (no \"Valor a enviar\")", () => {
    const host = render([sentRow(2, "paid", 10_000), sentRow(3, "provider_canceled", 25_000), sentRow(5, "paid", 5_000), sentRow(6, "failed", 1_000), ...BAD_ROWS], "pt-BR");
    const value = (id: string) => text(host.querySelector(`[data-testid="${id}"]`));
    expect(host.querySelector('[data-testid="batch-total-value"]')).toBeNull();
    expect(host.textContent).not.toContain("Valor a enviar");
    expect(value("batch-result-paid")).toBe("2R$\u00a0150,00");
    expect(value("batch-result-not-paid")).toBe("2R$\u00a0260,00");
    expect(value("batch-result-not-sent")).toBe("2");
    // Not paid (3, 6), then paid (2, 5), then the file's errors, never sent (4, 7).
    expect(bodyRows(host).map((r) => r.dataset.line)).toEqual(["3", "6", "2", "5", "4", "7"]);
  });
});

describe("BatchStateBadge", () => {
  const badge = (progress: Record<string, number>, locale: "en" | "pt-BR" = "pt-BR") => {
    const rendered = renderWithIntl(<BatchStateBadge batch={{ state: "completed", progress }} />, locale);
    unmount = rendered.unmount;
    return text(rendered.host.querySelector("[data-state]"));
  };

  it("a finished batch with rows canceled by the provider says how many were paid, canceled and failed", () => {
    expect(badge({ paid: 47, provider_canceled: 3, failed: 1 })).toBe("Concluído: 47 pagas, 3 canceladas pelo provedor, 1 falhou");
  });

  it("says just \"Concluído\" when every row was paid", () => {
    expect(badge({ paid: 50 })).toBe("Concluído");
    expect(badge({ paid: 1, provider_canceled: 1 }, "en")).toBe("Finished: 1 paid, 1 canceled by the provider");
  });
});
