import { describe, expect, it } from "vitest";
import en from "@/messages/en/statement.json";
import pt from "@/messages/pt-BR/statement.json";
import { isStatementDay, MAX_STATEMENT_DAYS, paymentDateParams, periodDays, periodProblem } from "./period-rules";

describe("the statement's period", () => {
  it("takes real days only", () => {
    expect(isStatementDay("2026-11-30")).toBe(true);
    expect(isStatementDay("2024-02-29")).toBe(true);
    for (const bad of ["2026-02-29", "2026-13-01", "30/11/2026", "2026-11-30T00:00:00", "", "1899-12-31"]) expect(isStatementDay(bad), bad).toBe(false);
  });

  it("counts both days and refuses a period in the wrong order or longer than the longest", () => {
    expect(periodDays("2026-11-01", "2026-11-30")).toBe(30);
    expect(periodProblem("2026-11-01", "2026-11-01")).toBeNull();
    expect(periodProblem("2026-11-02", "2026-11-01")).toBe("order");
    expect(periodProblem("2024-01-01", "2024-12-31")).toBeNull();
    expect(periodProblem("2025-01-01", "2026-01-01")).toBeNull();
    expect(periodProblem("2025-01-01", "2026-01-02")).toBe("tooLong");
  });

  it("says the longest period with the number the rule uses, in both languages", () => {
    expect(pt.errors.tooLong).toContain(String(MAX_STATEMENT_DAYS));
    expect(en.errors.tooLong).toContain(String(MAX_STATEMENT_DAYS));
  });

  it("asks the provider for whole Brazil days by payment date", () => {
    expect(paymentDateParams({ start: "2026-11-01", end: "2026-11-30" })).toEqual({ payment_start_date: "2026-11-01T00:00:00", payment_end_date: "2026-11-30T23:59:59" });
  });
});
