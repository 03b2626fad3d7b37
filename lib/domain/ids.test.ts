import { describe, expect, it } from "vitest";
import { endToEndParamSchema, idempotentIdParamSchema } from "./ids";

describe("path id rules", () => {
  it("accepts ordinary payment ids, including ones with %, spaces or a slash inside", () => {
    for (const id of ["pay-2026-0001", "a", "x".repeat(255), "order 12", "50%off", "ação-1", "a.b", "..a", "NF 2026/0042 ação", "a/b"]) {
      expect(idempotentIdParamSchema.safeParse(id).success, id).toBe(true);
    }
  });

  it("refuses anything that could change an upstream path", () => {
    for (const id of ["", " ", "../x", "a/../b", "a/./b", "a//b", "/a", "a/", "..", ".", "a?b", "a#b", "a\\b", "a\u0000b", "a\nb", "a\u0085", " a", "x".repeat(256), "%2e%2e", "a%2Fb"]) {
      expect(idempotentIdParamSchema.safeParse(id).success, JSON.stringify(id)).toBe(false);
    }
  });

  it("end-to-end ids are 1-32 letters and digits", () => {
    expect(endToEndParamSchema.safeParse("E18236120202206142202a1022c1tg10").success).toBe(true);
    for (const bad of ["", "E1823612020220614220%a1022c1tg10", "E".repeat(33), "../E1", "E1/2"]) {
      expect(endToEndParamSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
