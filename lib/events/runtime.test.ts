import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setStoreForTests } from "@/lib/db";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { resetEnvForTests } from "@/lib/env";
import type { WebhookEvent } from "./schema";
import { getEventBus, setEventBusForTests } from "./runtime";

delete process.env.PAYMENTS_API_URL;
delete process.env.DATABASE_URL;
resetEnvForTests();

const AGGREGATOR = Symbol.for("pix-backoffice.insights-aggregator");
const event = (id: number, repeat_count = 0): WebhookEvent => ({
  id,
  received_at: "2026-11-22T10:00:00.000Z",
  last_seen_at: "2026-11-22T10:00:00.000Z",
  result: "accepted",
  reason: null,
  idempotent_id: `runtime-${id}`,
  reference_code: null,
  status: "completed",
  previous_status: "sent",
  value_cents: 100,
  end_to_end: null,
  repeat_count,
});

describe("the process's event bus", () => {
  let store: TestStore;
  const clearCache = vi.fn();
  beforeAll(async () => {
    store = await TEST_ENGINES[0]!.open();
    setStoreForTests(store);
    setEventBusForTests(undefined);
    (globalThis as Record<symbol, unknown>)[AGGREGATOR] = { clearCache, getInsights: vi.fn() };
  });
  afterAll(async () => {
    delete (globalThis as Record<symbol, unknown>)[AGGREGATOR];
    await (await getEventBus()).close();
    setEventBusForTests(undefined);
    setStoreForTests(undefined);
    await store.close();
  });

  it("forgets cached overview totals when a payment changes, not on a repeated delivery", async () => {
    const bus = await getEventBus();
    await bus.publish(event(1), false);
    expect(clearCache).toHaveBeenCalledTimes(1);
    await bus.publish(event(1, 1), true);
    expect(clearCache).toHaveBeenCalledTimes(1);
    await bus.publish(event(2), false);
    expect(clearCache).toHaveBeenCalledTimes(2);
  });
});
