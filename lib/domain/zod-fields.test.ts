import { describe, expect, it } from "vitest";
import { issuesToFields } from "./zod-fields";

describe("issuesToFields", () => {
  const issues = [
    { path: ["bank", "agency"], message: "first" },
    { path: ["bank", "agency"], message: "second" },
    { path: [], message: "whole" },
    { path: ["items", 0], message: "item" },
  ];
  it("keys by the dotted path, the first issue of a field winning, the whole value under the fallback", () => {
    expect(issuesToFields(issues, { fallback: "body" })).toEqual({ "bank.agency": "first", body: "whole", "items.0": "item" });
  });
  it("keys by the first segment for a form, and rewrites each message when asked", () => {
    expect(issuesToFields(issues, { fallback: "input", by: "top", message: (m) => m.toUpperCase() })).toEqual({ bank: "FIRST", input: "WHOLE", items: "ITEM" });
  });
});
