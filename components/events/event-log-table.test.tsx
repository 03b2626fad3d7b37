// @vitest-environment jsdom
import { NextIntlClientProvider } from "next-intl";
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithIntl } from "@/components/batches/render-with-intl";
import { TIME_ZONE } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";
import type { WebhookEvent } from "@/lib/events/schema";
import { EventLogTable } from "./event-log-table";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn() }) }));

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

const event = (id: number, extra: Partial<WebhookEvent> = {}): WebhookEvent => ({
  id,
  received_at: "2026-03-10T15:00:00.000Z",
  last_seen_at: "2026-03-10T15:00:00.000Z",
  kind: "payment",
  result: "accepted",
  reason: null,
  idempotent_id: `pay-${id}`,
  reference_code: null,
  status: "paid",
  previous_status: null,
  value_cents: 100,
  end_to_end: null,
  repeat_count: 0,
  ...extra,
});

describe("EventLogTable", () => {
  it("names each delivery's row, links the payment, and flashes only rows that came in while it was open", () => {
    const view = renderWithIntl(<EventLogTable events={[event(2), event(1, { kind: "qrcode", end_to_end: "E123", result: "rejected", reason: "bad_signature" })]} />, "pt-BR");
    unmount = view.unmount;
    const rows = () => [...view.host.querySelectorAll("tbody tr")];
    expect(rows().map((tr) => [tr.getAttribute("data-event-id"), tr.getAttribute("data-kind")])).toEqual([
      ["2", "payment"],
      ["1", "qrcode"],
    ]);
    expect(rows()[0]!.querySelector("td[data-column=payment] a")!.getAttribute("href")).toContain("pay-2");
    expect(rows()[0]!.querySelector("time")!.textContent).toBe("10/03/2026 12:00:00");
    expect(view.host.querySelectorAll("th")).toHaveLength(5);

    act(() =>
      view.root.render(
        <NextIntlClientProvider locale="pt-BR" messages={messagesFor("pt-BR")} timeZone={TIME_ZONE}>
          <EventLogTable events={[event(3), event(2), event(1)]} />
        </NextIntlClientProvider>,
      ),
    );
    expect(rows().map((tr) => [tr.getAttribute("data-event-id"), tr.classList.contains("flash-change")])).toEqual([
      ["3", true],
      ["2", false],
      ["1", false],
    ]);
  });
});
