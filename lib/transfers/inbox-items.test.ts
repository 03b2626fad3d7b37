import { describe, expect, it } from "vitest";
import type { Batch } from "@/lib/batches/types";
import { inboxItems, rowsMergedIntoSeries, selectionSummary } from "./inbox-items";
import type { TransferRequest } from "./types";

const person = { id: "u1", email: "operador@demo.test" };
const batch = (id: string, created_at: string, total_cents: number) => ({ id, created_at, total_cents, maker: person, valid: 3 }) as unknown as Batch;
const request = (id: string, created_at: string, value_cents: number, batch_id: string | null = null, series?: { id: string; day: string }) =>
  ({ id, created_at, value_cents, maker: person, batch_id, series_id: series?.id ?? null, scheduled_for: series?.day ?? null }) as unknown as TransferRequest;

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

  it("a recurring series is ONE item: its waiting occurrences' total, first and last day, opening its first occurrence; the list counts it once", () => {
    const occurrences = ["2027-01-05", "2027-02-05", "2027-03-05", "2027-04-05", "2027-05-05", "2027-06-05"].map((day, i) =>
      request(`o${i}`, "2026-11-20T10:00:00.000Z", 95_000, null, { id: "s1", day }),
    );
    const items = inboxItems([], [request("r1", "2026-11-20T13:00:00.000Z", 250_000), ...occurrences.reverse()]);
    expect(items.map((i) => i.key)).toEqual(["request:r1", "series:s1"]);
    const series = items[1]!;
    expect(series).toMatchObject({ kind: "series", id: "s1", value_cents: 570_000, series: { occurrences: 6, first_day: "2027-01-05", last_day: "2027-06-05" } });
    expect(series.kind === "series" && series.transfer.id).toBe("o0");
    expect(rowsMergedIntoSeries([request("r1", "x", 1), ...occurrences])).toBe(5);
  });
});
