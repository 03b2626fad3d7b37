import { describe, expect, it } from "vitest";
import { addRecentLookup, parseRecentLookups, RECENT_LOOKUPS_LIMIT, type RecentLookup } from "./recent";

const entry = (query: string, at = 1): RecentLookup => ({ query, summary: `found ${query}`, at });

describe("recent lookups", () => {
  it("keeps the newest first and at most 8", () => {
    let list: RecentLookup[] = [];
    for (let i = 0; i < 10; i++) list = addRecentLookup(list, entry(`q${i}`, i));
    expect(list).toHaveLength(RECENT_LOOKUPS_LIMIT);
    expect(list[0]?.query).toBe("q9");
    expect(list.at(-1)?.query).toBe("q2");
  });

  it("moves a repeated lookup to the top instead of listing it twice", () => {
    const list = addRecentLookup([entry("a"), entry("b")], { query: "b", summary: "again", at: 5 });
    expect(list.map((r) => r.query)).toEqual(["b", "a"]);
    expect(list[0]?.summary).toBe("again");
  });

  it("reads back what it wrote and drops anything unreadable", () => {
    const stored = JSON.stringify([entry("a"), { query: 3 }, entry("b"), "junk"]);
    expect(parseRecentLookups(stored).map((r) => r.query)).toEqual(["a", "b"]);
    expect(parseRecentLookups("{not json")).toEqual([]);
    expect(parseRecentLookups('{"a":1}')).toEqual([]);
    expect(parseRecentLookups(null)).toEqual([]);
  });
});
