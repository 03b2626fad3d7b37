// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NextIntlClientProvider } from "next-intl";
import { act, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messagesFor } from "@/lib/i18n/messages";
import { BalanceBadge } from "./balance-badge";
import { BalanceCheck } from "./balance-check";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const BALANCE = { balance: { available_cents: 123_456, blocked_cents: 5_000, total_cents: 128_456, checked_at: "2026-11-21T12:00:00.000Z" } };
let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  vi.unstubAllGlobals();
});

/** Renders with the real messages and a fake /api/balance (an answer, or a failure). */
async function render(ui: ReactNode, answer: { status: number; body: unknown }, locale: "en" | "pt-BR" = "en") {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => {
    root.render(
      <QueryClientProvider client={client}>
        <NextIntlClientProvider locale={locale} messages={messagesFor(locale)} timeZone="America/Sao_Paulo">
          {ui}
        </NextIntlClientProvider>
      </QueryClientProvider>,
    );
  });
  // Settled: answered once, or (a failure) asked again once (the query's one retry) and given up.
  const settled = answer.status === 200 ? 1 : 2;
  await act(async () => {
    await vi.waitFor(() => expect(fetchMock.mock.calls.length).toBe(settled), { timeout: 5_000 });
    await new Promise((r) => setTimeout(r, 20));
  });
  cleanup = () => {
    act(() => root.unmount());
    host.remove();
    client.clear();
  };
  return host;
}

describe("BalanceBadge", () => {
  it("shows the available balance in reais, blocked and total in its title", async () => {
    const host = await render(<BalanceBadge />, { status: 200, body: BALANCE });
    const badge = host.querySelector("[data-testid=balance-badge]")!;
    expect(badge.textContent).toContain("Available");
    expect(badge.textContent).toMatch(/R\$\s1\.234,56/);
    expect(badge.getAttribute("title")).toMatch(/Blocked by transfers on their way: R\$\s50,00 · Total: R\$\s1\.284,56/);
  });

  it("says the balance is unavailable when the read fails, in the user's language", async () => {
    const host = await render(<BalanceBadge />, { status: 502, body: { error: "The payments provider failed (HTTP 500)" } }, "pt-BR");
    const badge = host.querySelector("[data-testid=balance-badge]")!;
    expect(badge.getAttribute("data-state")).toBe("unavailable");
    expect(badge.textContent).toBe("Saldo indisponível");
  });
});

describe("BalanceCheck", () => {
  it("warns when the amount is larger than the available balance", async () => {
    const host = await render(<BalanceCheck amountCents={200_000} />, { status: 200, body: BALANCE });
    const alert = host.querySelector("[role=alert]")!;
    expect(alert.textContent).toMatch(/This transfer \(R\$\s2\.000,00\) is larger than the available balance \(R\$\s1\.234,56\)/);
  });

  it("says nothing when the balance covers it", async () => {
    const host = await render(<BalanceCheck amountCents={123_456} kind="batch" />, { status: 200, body: BALANCE });
    expect(host.querySelector("[data-testid=balance-check]")).toBeNull();
  });

  it("a balance that cannot be read is one muted line, never a blocker", async () => {
    const host = await render(<BalanceCheck amountCents={200_000} />, { status: 504, body: { error: "slow" } });
    expect(host.querySelector("[data-testid=balance-check]")?.getAttribute("data-state")).toBe("unavailable");
    expect(host.querySelector("[role=alert]")).toBeNull();
  });
});
