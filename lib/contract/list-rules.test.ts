import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listPaymentsParamsObject } from "./list";
import { LIST_TEXT_RULES, checkPageParam, checkTextRule, type ListTextParam } from "./list-rules";

const shape = listPaymentsParamsObject.shape;
const KEYS = Object.keys(LIST_TEXT_RULES) as ListTextParam[];

/** Strings near the rules' edges: datetimes, digits, status words, lengths around each limit. */
const candidate = fc.oneof(
  fc.string({ maxLength: 120 }),
  fc.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
  fc.stringMatching(/^\d{1,16}$/),
  fc.stringMatching(/^[a-z_]{0,42}$/),
  fc.integer({ min: 0, max: 110 }).map((n) => "a".repeat(n)),
  fc.integer({ min: 0, max: 40 }).map((n) => "7".repeat(n)),
);

describe("list parameter rules: the browser's check and the server's zod schema agree", () => {
  it("accepts and refuses the same values, with the same first reason", () => {
    fc.assert(
      fc.property(fc.constantFrom(...KEYS), candidate, (key, value) => {
        const browser = checkTextRule(LIST_TEXT_RULES[key], value);
        const server = shape[key].safeParse(value);
        expect(browser === null).toBe(server.success);
        if (!server.success) expect(browser).toBe(server.error.issues[0]?.message);
      }),
      { numRuns: 3000 },
    );
  });

  it("names the limit or the shape in its reason", () => {
    expect(checkTextRule(LIST_TEXT_RULES.receiver_name, "a".repeat(101))).toBe("must be at most 100 characters");
    expect(checkTextRule(LIST_TEXT_RULES.receiver_document, "123.456")).toBe("digits only");
    expect(checkTextRule(LIST_TEXT_RULES.registration_start_date, "2026-01-01")).toBe("must look like YYYY-mm-ddTHH:MM:ss");
    expect(checkTextRule(LIST_TEXT_RULES.status, "Sent!")).toBe("unknown status");
    expect(checkTextRule(LIST_TEXT_RULES.end_to_end, "E".repeat(32))).toBeNull();
  });

  it("takes a page the server takes; whole numbers only, from 1 to 1,000,000", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 9 }), fc.nat({ max: 2_000_000 }).map(String)), (value) => {
        if (checkPageParam(value) === null) expect(shape.page.safeParse(value).success).toBe(true);
        if (/^\d+$/.test(value)) expect(checkPageParam(value) === null).toBe(shape.page.safeParse(value).success);
      }),
      { numRuns: 2000 },
    );
    expect(checkPageParam("0")).toMatch(/between 1 and/);
    expect(checkPageParam("1e3")).toBe("must be a whole number");
    expect(checkPageParam("1000001")).toMatch(/between 1 and/);
  });
});
