import { describe, expect, it } from "vitest";
import type { InsightsAnswer } from "@/lib/insights/schema";
import { loadPaymentsSearchParams, toListParams } from "@/lib/search-params/payments";
import { drillDownHref, percentText, toStatusRows, toTimeRows } from "./chart-data";

const base: Omit<InsightsAnswer, "series" | "group_by" | "statuses"> = {
  range: { from: "2026-11-16", to: "2026-11-17", days: 2, start: "2026-11-16T00:00:00", end: "2026-11-17T23:59:59" },
  date_field: "registration",
  filters: { receiver_name: "Maria" },
  totals: { count: 3, value_cents: 600, completed_value_cents: 500, in_flight_value_cents: 0, canceled_value_cents: 100, canceled_count: 1 },
  partial: true,
  failed: 1,
  calls: 10,
  errors: ["boom"],
  computed_at: "2026-11-17T12:00:00.000Z",
};

describe("drill-down links", () => {
  it("open the payments table on exactly the figure's query", () => {
    const href = drillDownHref("payment", { receiver_name: "Maria" }, { start: "2026-11-16T00:00:00", end: "2026-11-16T23:59:59" }, "completed");
    expect(href.startsWith("/payments?")).toBe(true);
    expect(toListParams(loadPaymentsSearchParams(href.slice("/payments".length)))).toEqual({
      page: 1,
      status: "completed",
      receiver_name: "Maria",
      payment_start_date: "2026-11-16T00:00:00",
      payment_end_date: "2026-11-16T23:59:59",
    });
  });
});

describe("chart rows", () => {
  it("group day points into rows with per-status cells, keeping failures apart", () => {
    const answer: InsightsAnswer = {
      ...base,
      group_by: "day",
      statuses: ["completed", "canceled"],
      series: [
        { bucket: "2026-11-16", status: "completed", start: "2026-11-16T00:00:00", end: "2026-11-16T23:59:59", count: 2, value_cents: 500 },
        { bucket: "2026-11-16", status: "canceled", start: "2026-11-16T00:00:00", end: "2026-11-16T23:59:59", count: 1, value_cents: 100 },
        { bucket: "2026-11-17", status: "completed", start: "2026-11-17T00:00:00", end: "2026-11-17T23:59:59", error: "boom" },
        { bucket: "2026-11-17", status: "canceled", start: "2026-11-17T00:00:00", end: "2026-11-17T23:59:59", count: 0, value_cents: 0 },
      ],
    };
    const [first, second] = toTimeRows(answer);
    expect(first).toMatchObject({ bucket: "2026-11-16", label: "16/11", longLabel: "16/11/2026", count: 3, value_cents: 600, failed: false });
    expect(first?.cells.completed).toMatchObject({ count: 2, value_cents: 500 });
    expect(first?.cells.completed?.href).toContain("registration_start_date=2026-11-16T00:00:00");
    expect(second).toMatchObject({ failed: true, count: 0 });
    expect(second?.cells.completed).toMatchObject({ error: "boom" });
  });

  it("label a clipped week with both ends", () => {
    const answer: InsightsAnswer = {
      ...base,
      group_by: "week",
      statuses: ["sent"],
      series: [{ bucket: "2026-11-18", status: "sent", start: "2026-11-18T00:00:00", end: "2026-11-22T23:59:59", count: 1, value_cents: 1 }],
    };
    expect(toTimeRows(answer)[0]?.longLabel).toBe("18/11/2026 – 22/11/2026");
  });

  it("name statuses with the words given (the glossary's, in the reader's language)", () => {
    const answer: InsightsAnswer = {
      ...base,
      group_by: "status",
      statuses: ["auto_authorization"],
      series: [{ bucket: "2026-11-16", status: "auto_authorization", start: "2026-11-16T00:00:00", end: "2026-11-17T23:59:59", count: 4, value_cents: 9 }],
    };
    const words: Record<string, string> = { auto_authorization: "Em autorização" };
    expect(toStatusRows(answer, (s) => words[s] ?? s)[0]).toMatchObject({ status: "auto_authorization", label: "Em autorização" });
  });

  it("give no rate when the whole is unknown or zero", () => {
    expect(percentText(1, 4)).toBe("25%");
    expect(percentText(1, null)).toBeNull();
    expect(percentText(0, 0)).toBeNull();
  });
});
