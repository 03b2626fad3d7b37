// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NextIntlClientProvider } from "next-intl";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChargeImportPreview } from "@/lib/charges/answers";
import { messagesFor } from "@/lib/i18n/messages";
import { ChargeImport } from "./charge-import";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const row = (over: Partial<ChargeImportPreview["rows"][number]>): ChargeImportPreview["rows"][number] => ({
  line: 2, status: "new", reason: null, external_reference: "NF-1", payer_name: "Ana Souza", payer_document: "52998224725", value_cents: 123_456,
  value_text: null, due_date: "2026-12-20", description: null, payer_email: null, charge_id: null, repeat_of: null, ...over,
});
const PREVIEW: ChargeImportPreview = {
  rows: [
    row({}),
    row({ line: 3, status: "invalid", reason: "Valor ilegível: escreva como 1.234,56", value_cents: null, value_text: "dez reais", payer_name: "Carla Dias", due_date: "20/12/2026" }),
  ],
  totals: { new: { count: 1, value_cents: 123_456 }, existing: { count: 0, value_cents: 0 }, repeated: { count: 0, value_cents: 0 }, invalid: { count: 1 } },
};
const IMPORTED = { created: 1, charges: [], errors: [{ line: 3, reason: "Valor ilegível: escreva como 1.234,56" }] };

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  vi.unstubAllGlobals();
});

describe("ChargeImport", () => {
  it("checks the file first (nothing made), shows each row with its line and reason and the totals, and imports the same file only once confirmed", async () => {
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      Response.json(url.endsWith("/preview") ? PREVIEW : IMPORTED, { status: 200 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const host = document.createElement("div");
    document.body.append(host);
    const root = createRoot(host);
    await act(async () => {
      root.render(
        <QueryClientProvider client={new QueryClient()}>
          <NextIntlClientProvider locale="pt-BR" messages={messagesFor("pt-BR")} timeZone="America/Sao_Paulo">
            <ChargeImport />
          </NextIntlClientProvider>
        </QueryClientProvider>,
      );
    });
    cleanup = () => {
      act(() => root.unmount());
      host.remove();
    };

    const input = host.querySelector<HTMLInputElement>("#charge-file")!;
    const file = new File(["payer_name;...\n"], "cobrancas.csv", { type: "text/csv" });
    Object.defineProperty(input, "files", { value: [file], configurable: true });
    await act(async () => {
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await vi.waitFor(() => expect(host.querySelector("[data-testid=charge-import-preview]")).not.toBeNull());
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/charges/import/preview"]);
    expect((fetchMock.mock.calls[0]![1]!.body as FormData).get("file")).toBeInstanceOf(File);

    const text = host.textContent ?? "";
    expect(text).toContain("nada foi criado ainda");
    expect(host.querySelector("[data-testid=charge-preview-new]")?.textContent).toBe("1");
    expect(host.querySelector("[data-testid=charge-preview-invalid]")?.textContent).toBe("1");
    expect(host.querySelector("[data-testid=charge-preview-value]")?.textContent?.replace(/\s/g, " ")).toBe("R$ 1.234,56");
    // The row with a problem leads, with its line, what was typed and why.
    const first = host.querySelector("table tbody tr")!;
    expect(first.getAttribute("data-line")).toBe("3");
    expect(first.textContent).toContain("Valor ilegível");
    expect(first.textContent).toContain("dez reais");

    const confirm = host.querySelector<HTMLButtonElement>("[data-testid=charge-import-confirm]")!;
    expect(confirm.textContent?.replace(/\s/g, " ")).toBe("Criar 1 cobrança (R$ 1.234,56)");
    await act(async () => {
      confirm.click();
    });
    await vi.waitFor(() => expect(host.querySelector("[data-testid=charge-import-result]")).not.toBeNull());
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/charges/import/preview", "/api/charges/import"]);
    expect(host.querySelector("[data-testid=charge-import-preview]")).toBeNull();
    expect(host.textContent).toContain("Linha 3: Valor ilegível");
  });
});
