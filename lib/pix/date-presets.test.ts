import { describe, expect, it } from "vitest";
import { DATE_PRESETS, isDatePreset, resolveDatePreset } from "./date-presets";
import { MESSAGES } from "@/lib/i18n/messages";

const range = (start: string, end: string) => ({ start: `${start}T00:00:00`, end: `${end}T23:59:59` });

describe("resolveDatePreset", () => {
  // 21 Nov 2026, 09:15 in Brazil.
  const now = new Date("2026-11-21T12:15:00Z");

  it.each([
    ["today", range("2026-11-21", "2026-11-21")],
    ["yesterday", range("2026-11-20", "2026-11-20")],
    ["last7", range("2026-11-15", "2026-11-21")],
    ["last30", range("2026-10-23", "2026-11-21")],
    ["thisMonth", range("2026-11-01", "2026-11-21")],
    ["lastMonth", range("2026-10-01", "2026-10-31")],
  ] as const)("%s", (preset, expected) => {
    expect(resolveDatePreset(preset, now)).toEqual(expected);
  });

  it("uses the Brazil day near midnight UTC", () => {
    // 1 Dec 2026 01:00 UTC is 30 Nov 22:00 in Brazil.
    const late = new Date("2026-12-01T01:00:00Z");
    expect(resolveDatePreset("today", late)).toEqual(range("2026-11-30", "2026-11-30"));
    expect(resolveDatePreset("thisMonth", late)).toEqual(range("2026-11-01", "2026-11-30"));
    expect(resolveDatePreset("lastMonth", late)).toEqual(range("2026-10-01", "2026-10-31"));
  });

  it("crosses the year at New Year", () => {
    const newYear = new Date("2027-01-01T03:30:00Z"); // 1 Jan 2027, 00:30 in Brazil
    expect(resolveDatePreset("yesterday", newYear)).toEqual(range("2026-12-31", "2026-12-31"));
    expect(resolveDatePreset("lastMonth", newYear)).toEqual(range("2026-12-01", "2026-12-31"));
    expect(resolveDatePreset("last7", newYear)).toEqual(range("2026-12-26", "2027-01-01"));
  });

  it("knows February's length", () => {
    expect(resolveDatePreset("lastMonth", new Date("2024-03-10T12:00:00Z"))).toEqual(range("2024-02-01", "2024-02-29"));
    expect(resolveDatePreset("lastMonth", new Date("2026-03-10T12:00:00Z"))).toEqual(range("2026-02-01", "2026-02-28"));
    expect(resolveDatePreset("last7", new Date("2024-03-03T12:00:00Z"))).toEqual(range("2024-02-26", "2024-03-03"));
  });

  it("lists every preset with a label", () => {
    expect(DATE_PRESETS).toEqual(["today", "yesterday", "last7", "last30", "thisMonth", "lastMonth"]);
    for (const p of DATE_PRESETS) {
      expect(MESSAGES["pt-BR"].table.presets[p]).toMatch(/\w/);
      expect(MESSAGES.en.table.presets[p]).toMatch(/\w/);
    }
    expect(isDatePreset("last7")).toBe(true);
    expect(isDatePreset("last8")).toBe(false);
    expect(isDatePreset(undefined)).toBe(false);
  });
});
