import { describe, expect, it } from "vitest";
import { calendar, projectCash, type CashItem } from "./projection";

const out = (date: string, value_cents: number, extra: Partial<CashItem> = {}): CashItem => ({ date, value_cents, kind: "transfer", id: `t-${date}-${value_cents}`, href: "/transfers/x", label: "Fornecedor", ...extra });
const charge = (date: string, value_cents: number): CashItem => ({ date, value_cents, kind: "charge", id: `c-${date}-${value_cents}`, href: "/charges/x", label: "Cliente" });

describe("the cash position, day by day", () => {
  it("day 1 is today and opens at the balance; each day closes at opening - out + in and the next opens there", () => {
    const { days, shortfalls } = projectCash({
      today: "2026-12-02",
      days: 3,
      availableCents: 100_000_00,
      outgoing: [out("2026-12-02", 30_000_00), out("2026-12-03", 20_000_01), out("2026-12-03", 9_999)],
      incoming: [charge("2026-12-04", 5_000_50)],
      expectedInPercent: 100,
    });
    expect(days.map((d) => [d.date, d.opening_cents, d.out_cents, d.in_cents, d.closing_cents])).toEqual([
      ["2026-12-02", 100_000_00, 30_000_00, 0, 70_000_00],
      ["2026-12-03", 70_000_00, 20_100_00, 0, 49_900_00],
      ["2026-12-04", 49_900_00, 0, 5_000_50, 54_900_50],
    ]);
    expect(days[1]!.items_out).toHaveLength(2);
    expect(shortfalls).toEqual([]);
  });

  it("what awaits approval is shown apart and does not move the close", () => {
    const { days } = projectCash({
      today: "2026-12-02",
      days: 2,
      availableCents: 1_000_00,
      outgoing: [out("2026-12-03", 400_00), out("2026-12-03", 900_00, { pending: true })],
      incoming: [],
      expectedInPercent: 100,
    });
    expect(days[1]).toMatchObject({ out_cents: 400_00, out_pending_cents: 900_00, closing_cents: 600_00 });
    expect(days[1]!.items_out).toHaveLength(2);
  });

  it("a day that sends more than it has is a shortfall of exactly what is missing; a later day that only carries the debt is not", () => {
    const { days, shortfalls } = projectCash({
      today: "2026-12-04",
      days: 4,
      availableCents: 10_000_00,
      outgoing: [out("2026-12-05", 12_345_67)],
      incoming: [charge("2026-12-07", 3_000_00)],
      expectedInPercent: 100,
    });
    expect(shortfalls).toEqual([{ date: "2026-12-05", missing_cents: 2_345_67 }]);
    expect(days.map((d) => d.closing_cents)).toEqual([10_000_00, -2_345_67, -2_345_67, 654_33]);
  });

  it("only the expected share of what is due counts, in whole cents rounded down; the rest is at risk", () => {
    const { days } = projectCash({ today: "2026-12-02", days: 1, availableCents: 0, outgoing: [], incoming: [charge("2026-12-02", 333), charge("2026-12-02", 1_000)], expectedInPercent: 70 });
    // 70% of R$ 13,33 = R$ 9,331: R$ 9,33 expected, R$ 4,00 at risk, nothing lost or made up.
    expect(days[0]).toMatchObject({ in_cents: 933, in_at_risk_cents: 400, closing_cents: 933 });
  });

  it("what is dated before today moves today; what falls after the horizon is left out", () => {
    const { days } = projectCash({
      today: "2026-12-02",
      days: 2,
      availableCents: 5_000_00,
      outgoing: [out("2026-11-28", 1_000_00), out("2026-12-04", 9_999_99)],
      incoming: [charge("2026-11-30", 200_00)],
      expectedInPercent: 100,
    });
    expect(days[0]).toMatchObject({ out_cents: 1_000_00, in_cents: 200_00, closing_cents: 4_200_00 });
    expect(days[1]).toMatchObject({ out_cents: 0, closing_cents: 4_200_00 });
  });

  it("a monthly series and a batch's rows fall on their own days; weekends and holidays are days like the others, named", () => {
    const series = ["2026-12-24", "2026-12-25", "2026-12-26"].map((d) => out(d, 1_500_00, { kind: "series", id: "s-1" }));
    const batch = [out("2026-12-25", 700_00, { kind: "batch", id: "b-1" }), out("2026-12-25", 300_00, { kind: "batch", id: "b-1" })];
    const { days } = projectCash({ today: "2026-12-24", days: 4, availableCents: 10_000_00, outgoing: [...series, ...batch], incoming: [], expectedInPercent: 100 });
    expect(days.map((d) => [d.date, d.non_business, d.out_cents, d.closing_cents])).toEqual([
      ["2026-12-24", null, 1_500_00, 8_500_00],
      ["2026-12-25", "Natal", 2_500_00, 6_000_00],
      ["2026-12-26", "weekend", 1_500_00, 4_500_00],
      ["2026-12-27", "weekend", 0, 4_500_00],
    ]);
  });

  it("the calendar crosses months, years and February of a leap year", () => {
    expect(calendar("2027-12-30", 3)).toEqual(["2027-12-30", "2027-12-31", "2028-01-01"]);
    expect(calendar("2028-02-28", 2)).toEqual(["2028-02-28", "2028-02-29"]);
    expect(calendar("2026-12-02", 90)).toHaveLength(90);
  });
});
