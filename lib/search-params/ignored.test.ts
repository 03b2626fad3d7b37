import { createLoader, parseAsInteger, parseAsStringLiteral } from "nuqs/server";
import { describe, expect, it } from "vitest";
import { ignoredUrlValues } from "./ignored";

const parsers = { page: parseAsInteger.withDefault(1), kind: parseAsStringLiteral(["a", "b"] as const) };
const load = createLoader(parsers);

describe("ignoredUrlValues", () => {
  it("names refused values, cut to 40 characters, and keeps quiet about good and absent ones", () => {
    const raw = { page: "abc", kind: "z".repeat(100) };
    expect(ignoredUrlValues(raw, parsers, load(raw))).toEqual(["page=abc", `kind=${"z".repeat(40)}…`]);
    const good = { page: "3", kind: "b" };
    expect(ignoredUrlValues(good, parsers, load(good))).toEqual([]);
    expect(ignoredUrlValues({}, parsers, load({}))).toEqual([]);
  });
});
