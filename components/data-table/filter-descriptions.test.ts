import { describe, expect, it } from "vitest";
import type { FilterMeta } from "./features";
import { clearAllPatch, describeActiveFilters, orderFilters } from "./filter-descriptions";

const range: FilterMeta = {
  kind: "dateRange",
  label: "Registered",
  startKey: "from",
  endKey: "to",
  presets: [],
  toStartValue: (d) => `${d}T00:00:00`,
  toEndValue: (d) => `${d}T23:59:59`,
  toDay: (v) => v.slice(0, 10),
  formatValue: (v) => v.slice(0, 10),
};
const filters: FilterMeta[] = [
  range,
  { kind: "select", key: "status", label: "Status", anyLabel: "Any", options: [{ value: "sent", label: "Sent" }] },
  { kind: "text", key: "name", label: "Receiver name" },
];

describe("active filters in words", () => {
  it("names each active filter with its shown value and the patch that removes it", () => {
    const active = describeActiveFilters(filters, { status: "sent", name: "Ana", from: "2026-01-01T00:00:00", to: "2026-01-31T23:59:59" });
    expect(active).toEqual([
      { id: "from", label: "Registered", value: "2026-01-01 – 2026-01-31", clear: { from: null, to: null } },
      { id: "status", label: "Status", value: "Sent", clear: { status: null } },
      { id: "name", label: "Receiver name", value: "Ana", clear: { name: null } },
    ]);
  });

  it("leaves out empty filters and half ranges (the query leaves them out too)", () => {
    expect(describeActiveFilters(filters, { status: null, name: "", from: "2026-01-01T00:00:00", to: null })).toEqual([]);
  });

  it("shows a value outside the options as it is", () => {
    expect(describeActiveFilters(filters, { status: "paid" })[0]?.value).toBe("paid");
  });

  it("clears every key, and puts date ranges after the quick filters", () => {
    expect(clearAllPatch(filters)).toEqual({ from: null, to: null, status: null, name: null });
    expect(orderFilters(filters).map((f) => f.label)).toEqual(["Status", "Receiver name", "Registered"]);
  });
});
