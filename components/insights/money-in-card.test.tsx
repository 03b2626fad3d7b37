// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NextIntlClientProvider } from "next-intl";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChargesReceived } from "@/lib/charges/answers";
import { messagesFor } from "@/lib/i18n/messages";
import { MoneyInCard } from "./money-in-card";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const RECEIVED: ChargesReceived = {
  start: "2026-11-01",
  end: "2026-11-30",
  total: { count: 3, value_cents: 133_446 },
  days: [
    { day: "2026-11-03", count: 2, value_cents: 124_446 },
    { day: "2026-11-20", count: 1, value_cents: 9_000 },
  ],
  top_payers: [
    { name: "Ana Souza", document: "52998224725", count: 2, value_cents: 124_446 },
    { name: "Mercado São João Ltda", document: "11444777000161", count: 1, value_cents: 9_000 },
  ],
};

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  vi.unstubAllGlobals();
});

async function render(body: unknown, status = 200) {
  const fetchMock = vi.fn(async (_url: string) => Response.json(body, { status }));
  vi.stubGlobal("fetch", fetchMock);
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => {
    root.render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <NextIntlClientProvider locale="pt-BR" messages={messagesFor("pt-BR")} timeZone="America/Sao_Paulo">
          <MoneyInCard range={{ from: "2026-11-01", to: "2026-11-30" }} rangeText="de 01/11/2026 a 30/11/2026" />
        </NextIntlClientProvider>
      </QueryClientProvider>,
    );
  });
  cleanup = () => {
    act(() => root.unmount());
    host.remove();
  };
  return { host, fetchMock };
}

describe("MoneyInCard (the overview's money in)", () => {
  it("asks for the overview's period and shows what came in: total, payers with documents, days dd/mm/aaaa, a link to those charges", async () => {
    const { host, fetchMock } = await render({ received: RECEIVED });
    await vi.waitFor(() => expect(host.querySelector("[data-testid=money-in-total]")).not.toBeNull());
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/charges/received?start=2026-11-01&end=2026-11-30");
    const text = (host.textContent ?? "").replace(/\s/g, " ");
    expect(host.querySelector("[data-testid=money-in-total]")!.textContent!.replace(/\s/g, " ")).toBe("R$ 1.334,46");
    expect(text).toContain("3 cobranças pagas");
    expect(text).toContain("Ana Souza");
    expect(text).toContain("529.982.247-25");
    expect(text).toContain("03/11/2026");
    expect(host.querySelector("a")!.getAttribute("href")).toBe("/charges?paid_from=2026-11-01&paid_to=2026-11-30");
  });

  it("says when nothing was paid, and shows a failure with a retry instead of an empty card", async () => {
    const empty = await render({ received: { ...RECEIVED, total: { count: 0, value_cents: 0 }, days: [], top_payers: [] } });
    await vi.waitFor(() => expect(empty.host.textContent).toContain("Nenhuma cobrança paga de 01/11/2026 a 30/11/2026."));
    cleanup?.();
    cleanup = undefined;
    const failed = await render({ error: "O banco de dados não respondeu" }, 503);
    await vi.waitFor(() => expect(failed.host.textContent).toContain("Não foi possível carregar o dinheiro recebido."));
    expect(failed.host.querySelector("button")).not.toBeNull();
  });
});
