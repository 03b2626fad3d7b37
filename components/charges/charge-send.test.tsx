// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NextIntlClientProvider } from "next-intl";
import { act, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messagesFor } from "@/lib/i18n/messages";
import { ChargeSend } from "./charge-send";
import { ChargesAging } from "./charges-aging";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ID = "8d7c1c3e-0000-4000-8000-000000000001";
let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  vi.unstubAllGlobals();
});

/** Renders in pt-BR with the real messages and a fake API answering `answer`. */
async function render(ui: ReactNode, answer: { status: number; body: unknown }) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => {
    root.render(
      <QueryClientProvider client={client}>
        <NextIntlClientProvider locale="pt-BR" messages={messagesFor("pt-BR")} timeZone="America/Sao_Paulo">
          {ui}
        </NextIntlClientProvider>
      </QueryClientProvider>,
    );
  });
  cleanup = () => {
    act(() => root.unmount());
    host.remove();
    client.clear();
  };
  return { host, fetchMock };
}

async function clickSend(host: HTMLElement, fetchMock: ReturnType<typeof vi.fn>) {
  await act(async () => {
    host.querySelector<HTMLButtonElement>("[data-testid=charge-send]")!.click();
  });
  await act(async () => {
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 20));
  });
}

describe("ChargeSend", () => {
  it("sends in the language chosen (Portuguese first) and says to whom", async () => {
    const { host, fetchMock } = await render(<ChargeSend id={ID} to="financeiro@padaria.example" />, { status: 200, body: { charge: { id: ID } } });
    const select = host.querySelector<HTMLSelectElement>("#send-locale")!;
    expect(select.value).toBe("pt-BR");
    expect(host.textContent).toContain("Enviar por e-mail");
    await act(async () => {
      select.value = "en";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await clickSend(host, fetchMock);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/charges/${ID}/send`);
    expect(JSON.parse(String(init?.body))).toEqual({ locale: "en" });
    expect(host.querySelector("[role=status]")?.textContent).toBe("Cobrança enviada para financeiro@padaria.example");
  });

  it("shows the server's refusal", async () => {
    const { host, fetchMock } = await render(<ChargeSend id={ID} to="financeiro@padaria.example" />, { status: 409, body: { error: "Só dá para enviar uma cobrança que aguarda pagamento" } });
    await clickSend(host, fetchMock);
    expect(host.textContent).toContain("Só dá para enviar uma cobrança que aguarda pagamento");
    expect(host.querySelector("[role=status]")?.textContent).toBe("");
  });
});

describe("ChargesAging", () => {
  it("shows due today, overdue with its oldest day, and received this month, in reais", async () => {
    const aging = {
      as_of: "2026-03-15",
      due_today: { count: 2, value_cents: 150_000 },
      overdue: { count: 1, value_cents: 2_300, oldest_due_date: "2026-03-10" },
      paid_this_month: { count: 0, value_cents: 0 },
    };
    const { host, fetchMock } = await render(<ChargesAging />, { status: 200, body: { aging } });
    await act(async () => {
      await vi.waitFor(() => expect(host.querySelector("[data-testid=charges-aging-overdue]")).not.toBeNull());
    });
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/charges/aging");
    const text = (key: string) => host.querySelector(`[data-testid=charges-aging-${key}]`)!.textContent!.replace(/\s/g, " ");
    expect(text("dueToday")).toBe("Vencem hojeR$ 1.500,002 cobranças");
    expect(text("overdue")).toBe("Vencidas (últimos 30 dias)R$ 23,001 cobrança · a mais antiga venceu em 10/03/2026");
    expect(text("paidThisMonth")).toBe("Recebido este mêsR$ 0,00nenhuma cobrança");
  });
});
