import { describe, expect, it } from "vitest";
import type { Batch } from "@/lib/batches/types";
import { inboxItems, selectionSummary } from "./inbox-items";
import type { TransferRequest } from "./types";

const person = { id: "u1", email: "operador@demo.test" };
const batch = (id: string, created_at: string, total_cents: number) => ({ id, created_at, total_cents, maker: person, valid: 3 }) as unknown as Batch;
const request = (id: string, created_at: string, value_cents: number, batch_id: string | null = null) =>
  ({ id, created_at, value_cents, maker: person, batch_id }) as unknown as TransferRequest;

describe("what waits for an approver", () => {
  it("a batch is one item and its rows are never items of their own; newest first", () => {
    const items = inboxItems(
      [batch("b1", "2026-11-20T12:00:00.000Z", 90_000)],
      [
        request("r1", "2026-11-20T13:00:00.000Z", 250_000),
        request("row", "2026-11-20T12:00:00.000Z", 30_000, "b1"),
        request("r2", "2026-11-20T11:00:00.000Z", 300_000),
      ],
    );
    expect(items.map((i) => i.key)).toEqual(["request:r1", "batch:b1", "request:r2"]);
    expect(items.find((i) => i.kind === "batch")?.value_cents).toBe(90_000);
  });

  it("a selection counts its items and adds their amounts in cents", () => {
    const items = inboxItems([batch("b1", "2026-11-20T12:00:00.000Z", 90_000)], [request("r1", "2026-11-20T13:00:00.000Z", 250_001)]);
    expect(selectionSummary(items, new Set(["batch:b1", "request:r1"]))).toEqual({ count: 2, cents: 340_001 });
    expect(selectionSummary(items, new Set(["request:r1", "request:gone"]))).toEqual({ count: 1, cents: 250_001 });
    expect(selectionSummary(items, new Set())).toEqual({ count: 0, cents: 0 });
  });
});
