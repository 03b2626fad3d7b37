import { describe, expect, it } from "vitest";
import { bankHolidays, nextBusinessDay, nonBusinessDay } from "./holidays";

describe("Brazil's bank holidays", () => {
  it("moves Carnival, Good Friday and Corpus Christi with Easter (2026: Easter on 5 April)", () => {
    const days = bankHolidays(2026);
    expect(days.get("2026-02-16")).toBe("Carnaval");
    expect(days.get("2026-02-17")).toBe("Carnaval");
    expect(days.get("2026-04-03")).toBe("Sexta-feira Santa");
    expect(days.get("2026-06-04")).toBe("Corpus Christi");
    expect(bankHolidays(2027).get("2027-03-26")).toBe("Sexta-feira Santa"); // Easter 2027: 28 March
  });

  it.each([
    ["2026-11-20", { kind: "holiday", name: "Dia Nacional de Zumbi e da Consciência Negra" }],
    ["2026-12-25", { kind: "holiday", name: "Natal" }],
    ["2026-11-28", { kind: "weekend" }],
    ["2026-11-29", { kind: "weekend" }],
    ["2026-11-30", null],
  ] as const)("%s -> %j", (day, expected) => {
    expect(nonBusinessDay(day)).toEqual(expected);
  });

  it("the next business day skips weekends and holidays together", () => {
    expect(nextBusinessDay("2026-11-20")).toBe("2026-11-23"); // a Friday holiday, then the weekend
    expect(nextBusinessDay("2026-11-23")).toBe("2026-11-23");
    expect(nextBusinessDay("2027-01-01")).toBe("2027-01-04");
  });
});
