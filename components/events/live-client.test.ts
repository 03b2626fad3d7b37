import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { webhookEventQueries } from "@/lib/events/queries";
import type { WebhookEvent } from "@/lib/events/schema";
import { insightsQueries } from "@/lib/queries/insights";
import { paymentQueries, qrcodeQueries } from "@/lib/queries/payments";
import { qrcodeListQueries } from "@/lib/queries/qrcodes-list";
import { balanceQuery } from "@/components/balance/balance-query";
import { connectLive, type EventSourceLike } from "./live-connection";
import { createLiveInvalidator } from "./live-invalidator";
import { chargeQueries } from "@/lib/queries/charges";
import { DROP_GRACE_MS, liveStore, RECENT_CHANGE_MS } from "./live-store";

class FakeEventSource implements EventSourceLike {
  static all: FakeEventSource[] = [];
  readyState = 0;
  onopen: EventSourceLike["onopen"] = null;
  onerror: EventSourceLike["onerror"] = null;
  closed = false;
  private listeners = new Map<string, ((ev: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (ev: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.call(undefined as never, new Event("open"));
  }
  fail(readyState: 0 | 2) {
    this.readyState = readyState;
    this.onerror?.call(undefined as never, new Event("error"));
  }
  emit(type: string, data: unknown, lastEventId = "") {
    for (const fn of this.listeners.get(type) ?? []) fn({ data: JSON.stringify(data), lastEventId } as MessageEvent<string>);
  }
}

const event = (over: Partial<WebhookEvent> = {}): WebhookEvent => ({
  id: 1,
  received_at: "2026-11-21T12:00:00.000Z",
  last_seen_at: "2026-11-21T12:00:00.000Z",
  result: "accepted",
  reason: null,
  idempotent_id: "pay-1",
  reference_code: "REF-1",
  status: "sent",
  previous_status: null,
  value_cents: 100,
  end_to_end: null,
  repeat_count: 0,
  ...over,
});

afterEach(() => {
  vi.useRealTimers();
  FakeEventSource.all = [];
});

describe("connectLive", () => {
  it("passes events on, lets the browser retry a drop, and reopens after a refusal from the last id", () => {
    vi.useFakeTimers();
    const states: string[] = [];
    const got: [string, unknown][] = [];
    const conn = connectLive({
      createEventSource: (url) => new FakeEventSource(url),
      onEvent: (name, data) => got.push([name, data]),
      onState: (s) => states.push(s),
      backoffMs: () => 1_000,
      since: 1_700_000_000_123.4,
    });
    const first = FakeEventSource.all[0]!;
    expect(first.url).toBe("/api/events?since=1700000000123");
    first.open();
    first.emit("ready", { latest_id: 4 }, "4");
    first.emit("webhook", event({ id: 5 }), "5");
    expect(got.map(([n]) => n)).toEqual(["ready", "webhook"]);
    first.fail(0); // dropped: the browser reconnects by itself
    expect(FakeEventSource.all).toHaveLength(1);
    first.fail(2); // refused (e.g. 401 or a 502 page): we reopen ourselves
    expect(states).toEqual(["connecting", "open", "reconnecting", "offline"]);
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(FakeEventSource.all[1]!.url).toBe("/api/events?last_event_id=5");
    conn.close();
    expect(FakeEventSource.all[1]!.closed).toBe(true);
  });
});

describe("createLiveInvalidator", () => {
  const primed = () => {
    const qc = new QueryClient();
    const keys = {
      detail: paymentQueries.detail("pay-1").queryKey,
      other: paymentQueries.detail("pay-2").queryKey,
      list: paymentQueries.list({ status: "sent" }).queryKey,
      insights: [...insightsQueries.all(), {}],
      log: [...webhookEventQueries.all(), "list", {}],
      qrcodeList: qrcodeListQueries.list({}).queryKey,
      qrcode: qrcodeQueries.detail("E2E1").queryKey,
      balance: balanceQuery.queryKey,
    };
    for (const key of Object.values(keys)) qc.setQueryData(key, { x: 1 });
    const stale = () =>
      Object.fromEntries(Object.entries(keys).map(([k, key]) => [k, qc.getQueryState(key)?.isInvalidated ?? false]));
    return { qc, stale };
  };

  it("a change invalidates that payment, every list, the overview and the log (batched), then marks it changed", async () => {
    vi.useFakeTimers();
    const { qc, stale } = primed();
    const changed: string[] = [];
    const inv = createLiveInvalidator(qc, { delayMs: 50, onChanged: (id) => changed.push(id) });
    inv.handle("webhook", event());
    inv.handle("webhook", event({ id: 2, status: "completed", previous_status: "sent" }));
    expect(stale().detail).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    expect(stale()).toEqual({ detail: true, other: false, list: true, insights: true, log: true, qrcodeList: false, qrcode: false, balance: true });
    expect(changed).toEqual(["pay-1"]);
  });

  it("repeats and rejected deliveries refresh the log only", async () => {
    vi.useFakeTimers();
    const { qc, stale } = primed();
    const inv = createLiveInvalidator(qc, { delayMs: 10 });
    inv.handle("webhook-repeat", event({ repeat_count: 2 }));
    inv.handle("webhook", event({ id: 3, result: "rejected", reason: "md5" }));
    inv.handle("webhook", { not: "an event" });
    await vi.advanceTimersByTimeAsync(10);
    expect(stale()).toEqual({ detail: false, other: false, list: false, insights: false, log: true, qrcodeList: false, qrcode: false, balance: false });
  });

  it("a QR code delivery refreshes the charges (list and detail), the balance and the log, not the payments", async () => {
    vi.useFakeTimers();
    const { qc, stale } = primed();
    createLiveInvalidator(qc, { delayMs: 10 }).handle("webhook", event({ id: 4, kind: "qrcode", idempotent_id: null, reference_code: "QR-1" }));
    await vi.advanceTimersByTimeAsync(10);
    expect(stale()).toEqual({ detail: false, other: false, list: false, insights: false, log: true, qrcodeList: true, qrcode: true, balance: true });
  });

  it("a charge's change on the feed refreshes the charges (detail, lists) and nothing of the payments; other feed events leave them", async () => {
    vi.useFakeTimers();
    const { qc, stale } = primed();
    const detail: readonly unknown[] = [...chargeQueries.detail("c-1").queryKey];
    const aging: readonly unknown[] = [...chargeQueries.aging().queryKey];
    qc.setQueryData(detail, { x: 1 });
    qc.setQueryData(aging, { x: 1 });
    const chargeStale = () => [qc.getQueryState(detail)?.isInvalidated ?? false, qc.getQueryState(aging)?.isInvalidated ?? false];
    const inv = createLiveInvalidator(qc, { delayMs: 10 });
    inv.handle("change", { id: "f-1", type: "transfer.approved", subject_id: "t-1", data: {} });
    inv.handle("change", { not: "an event" });
    await vi.advanceTimersByTimeAsync(10);
    expect(chargeStale()).toEqual([false, false]);
    inv.handle("change", { id: "f-2", type: "charge.paid", subject_id: "c-1", data: {} });
    await vi.advanceTimersByTimeAsync(10);
    expect(chargeStale()).toEqual([true, true]);
    expect(stale()).toMatchObject({ detail: false, list: false, insights: false, balance: true });
  });

  it("a transfer change refreshes the balance; registered, the payments too", async () => {
    vi.useFakeTimers();
    const { qc, stale } = primed();
    const inv = createLiveInvalidator(qc, { delayMs: 10 });
    inv.handle("transfer", { id: "t-1", state: "approved" });
    await vi.advanceTimersByTimeAsync(10);
    expect(stale()).toMatchObject({ list: false, balance: true });
    inv.handle("transfer", { id: "t-1", state: "registered" });
    await vi.advanceTimersByTimeAsync(10);
    expect(stale()).toMatchObject({ list: true, insights: true });
  });

  it("resync refreshes everything", async () => {
    vi.useFakeTimers();
    const { qc, stale } = primed();
    createLiveInvalidator(qc, { delayMs: 10 }).handle("resync", { latest_id: 99 });
    await vi.advanceTimersByTimeAsync(10);
    expect(Object.values(stale()).every(Boolean)).toBe(true);
  });
});

describe("liveStore", () => {
  it("a payment counts as recently changed for a moment", () => {
    vi.useFakeTimers();
    liveStore.markChanged("pay-9");
    expect(liveStore.isRecent("pay-9")).toBe(true);
    vi.advanceTimersByTime(RECENT_CHANGE_MS);
    expect(liveStore.isRecent("pay-9")).toBe(false);
  });

  it("a short drop keeps showing open; a long one shows reconnecting", () => {
    vi.useFakeTimers();
    liveStore.setConnection("open");
    liveStore.setConnection("reconnecting");
    expect(liveStore.getConnection()).toBe("open");
    liveStore.setConnection("open");
    vi.advanceTimersByTime(DROP_GRACE_MS);
    expect(liveStore.getConnection()).toBe("open");
    liveStore.setConnection("reconnecting");
    liveStore.setConnection("offline");
    vi.advanceTimersByTime(DROP_GRACE_MS);
    expect(liveStore.getConnection()).toBe("offline");
  });
});
