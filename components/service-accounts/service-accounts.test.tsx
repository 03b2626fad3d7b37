// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NextIntlClientProvider } from "next-intl";
import { act, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PendingChanges } from "@/components/admin-changes/pending-changes";
import { messagesFor } from "@/lib/i18n/messages";
import type { ServiceAccountView } from "@/lib/service-accounts/answers";
import { AccountCard } from "./account-card";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  vi.unstubAllGlobals();
});

async function render(ui: ReactNode) {
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
  return host;
}

const ACCOUNT: ServiceAccountView = {
  id: "sa-erp",
  name: "ERP",
  role: "operator",
  created_by: "ana.admin@empresa.test",
  created_at: "2026-11-30T12:00:00.000Z",
  tokens: [],
};

const TOKEN_CHANGE = {
  id: "pc-1",
  state: "pending",
  change: { kind: "service_token", service_account: { id: "sa-erp", name: "ERP" }, role: "operator", expires_in_days: null, rate_per_minute: 60 },
  target_user_id: null,
  target_email: null,
  requested_by: { id: "admin-a", email: "ana.admin@empresa.test" },
  requested_at: "2026-12-01T12:00:00.000Z",
  decided_by: null,
  decided_at: null,
  failure: null,
};

describe("service tokens on /users", () => {
  it("a double click on \"Emitir token\" sends one request, and the button is disabled while it is pending", async () => {
    let finish!: () => void;
    const onIssue = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const host = await render(<AccountCard account={ACCOUNT} issued={null} onIssue={onIssue} onRevoke={async () => undefined} />);
    const button = [...host.querySelectorAll("button")].find((b) => b.textContent?.includes("Emitir token"))!;
    expect(button).toBeDefined();
    await act(async () => {
      button.click();
      button.click();
    });
    expect(onIssue).toHaveBeenCalledTimes(1);
    const busy = [...host.querySelectorAll("button")].find((b) => b.textContent?.includes("Emitindo"));
    expect(busy?.disabled).toBe(true);
    await act(async () => finish());
    expect([...host.querySelectorAll("button")].find((b) => b.textContent?.includes("Emitir token"))?.disabled).toBe(false);
  });

  it("the token a second admin confirmed is shown as a token, not under \"Link para criar a senha\"", async () => {
    const value = "pix_sa_0123456789abcdefghijklmnopqrstuv";
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        const body = url.endsWith("/confirm")
          ? { pending_change: { ...TOKEN_CHANGE, state: "confirmed", decided_by: "bruno.admin@empresa.test", decided_at: "2026-12-01T12:05:00.000Z" }, token: { id: "tok-1", value, expires_at: null, rate_per_minute: 60 } }
          : { pending: [TOKEN_CHANGE], decided: [] };
        return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
      }),
    );
    const host = await render(<PendingChanges kinds={["service_token"]} currentUserId="admin-b" />);
    await act(async () => {
      await vi.waitFor(() => expect(host.querySelector("[data-testid=pending-change]")).not.toBeNull());
    });
    const confirm = [...host.querySelectorAll("button")].find((b) => b.textContent === "Confirmar")!;
    expect(confirm, host.textContent ?? "").toBeDefined();
    await act(async () => {
      confirm.click();
      await vi.waitFor(() => expect(host.querySelector("[data-testid=service-token-value]")).not.toBeNull());
    });
    expect((host.querySelector("[data-testid=service-token-value]") as HTMLInputElement).value).toBe(value);
    expect(host.textContent).toContain("Token de ERP, mostrado só agora");
    expect(host.textContent).not.toContain("Link para criar a senha");
    expect(host.textContent).not.toContain("Copiar link");
    expect(host.querySelector("[data-testid=set-password-link]")).toBeNull();
  });
});
