import { describe, expect, it } from "vitest";
import { trimKeys } from "./trim-keys";

describe("trimKeys", () => {
  it("trims a key with stray spaces, at any depth, without touching the input", () => {
    const input = { payments: [{ reference_code: "a" }, { "end_to_end ": "E1", " status": "sent" }], meta: { current_page: 1 } };
    const copy = structuredClone(input);
    expect(trimKeys(input)).toEqual({ payments: [{ reference_code: "a" }, { end_to_end: "E1", status: "sent" }], meta: { current_page: 1 } });
    expect(input).toEqual(copy);
  });

  it("never lets a trimmed key replace one that was already exact", () => {
    expect(trimKeys({ "status ": "canceled", status: "sent" })).toEqual({ status: "sent" });
  });

  it("hands a well-formed answer back as it is, not rebuilt (the usual case costs no copy)", () => {
    const answer = { payments: [{ reference_code: "a", payment_date: null, tags: ["x"] }], meta: { current_page: 1 } };
    expect(trimKeys(answer)).toBe(answer);
  });

  it("copies only the branch that changed", () => {
    const untouched = { reference_code: "a" };
    const answer = { payments: [untouched, { "status ": "sent" }], meta: { current_page: 1 } };
    const out = trimKeys(answer) as typeof answer;
    expect(out).not.toBe(answer);
    expect(out.payments[0]).toBe(untouched);
    expect(out.meta).toBe(answer.meta);
  });
});
