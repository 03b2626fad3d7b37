import { describe, expect, it } from "vitest";
import { loadOverviewSearchParams, rangeProblem, serializeOverviewSearchParams, toInsightsQuery } from "./search-params";

describe("overview URL state", () => {
  it("is the insights query, with defaults left out of the URL", () => {
    const values = loadOverviewSearchParams("?from=2026-11-01&to=2026-11-22&group_by=week&status=completed");
    expect(toInsightsQuery(values, values.group_by)).toEqual({
      from: "2026-11-01",
      to: "2026-11-22",
      group_by: "week",
      date_field: "registration",
      status: "completed",
    });
    expect(toInsightsQuery(values, "status").group_by).toBe("status");
    expect(serializeOverviewSearchParams({ from: "2026-11-01", to: "2026-11-22", group_by: "day", date_field: "registration" })).toBe(
      "?from=2026-11-01&to=2026-11-22",
    );
  });

  it("ignores invalid values, half ranges and reversed ranges (the default range applies)", () => {
    const bad = loadOverviewSearchParams("?from=2026-02-30&to=2026-03-01&group_by=month&date_field=x&receiver_document=12a");
    expect(toInsightsQuery(bad, bad.group_by)).toEqual({ group_by: "day", date_field: "registration" });
    const half = loadOverviewSearchParams("?from=2026-03-01");
    expect(toInsightsQuery(half, "status")).toEqual({ group_by: "status", date_field: "registration" });
    const reversed = loadOverviewSearchParams("?from=2026-03-02&to=2026-03-01");
    expect(toInsightsQuery(reversed, "day")).not.toHaveProperty("from");
  });

  it("names what is wrong with a range, and leaves a too-long one out of the query", () => {
    const say = (qs: string) => rangeProblem(loadOverviewSearchParams(qs));
    expect(say("")).toBeNull();
    expect(say("?from=2026-11-01&to=2026-11-01")).toBeNull();
    expect(say("?from=2026-11-01")).toEqual({ code: "missingTo", from: "2026-11-01" });
    expect(say("?to=2026-11-01")).toEqual({ code: "missingFrom", to: "2026-11-01" });
    expect(say("?from=2026-11-02&to=2026-11-01")).toEqual({ code: "reversed", from: "2026-11-02", to: "2026-11-01" });
    expect(say("?from=2024-11-01&to=2026-11-01")).toBeNull(); // 731 days
    expect(say("?from=2024-10-31&to=2026-11-01")).toEqual({ code: "tooLong", from: "2024-10-31", to: "2026-11-01", max: 731 });
    const long = loadOverviewSearchParams("?from=2020-01-01&to=2026-11-01");
    expect(toInsightsQuery(long, "day")).not.toHaveProperty("from");
  });
});
