import { describe, expect, it } from "vitest";
import { LOCALES } from "./config";
import { MESSAGES } from "./messages";

/** Every leaf key of a message tree, as dotted paths. */
function leafKeys(tree: unknown, prefix = ""): string[] {
  if (typeof tree !== "object" || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => leafKeys(value, prefix ? `${prefix}.${key}` : key));
}

/** The ICU arguments a message uses ({name}, {count, plural, ...}), sorted. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  for (const match of message.matchAll(/\{\s*([a-zA-Z_][\w]*)\s*[,}]/g)) names.add(match[1]!);
  return [...names].sort();
}

function valueAt(tree: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);
}

describe("message files", () => {
  const english = leafKeys(MESSAGES.en).sort();

  it.each(LOCALES)("%s has exactly the keys English has", (locale) => {
    expect(leafKeys(MESSAGES[locale]).sort()).toEqual(english);
  });

  it.each(LOCALES)("%s: every message is a non-empty string with the same arguments as English", (locale) => {
    for (const key of english) {
      const message = valueAt(MESSAGES[locale], key);
      expect(typeof message, key).toBe("string");
      expect((message as string).trim(), key).not.toBe("");
      expect(argumentsOf(message as string), key).toEqual(argumentsOf(valueAt(MESSAGES.en, key) as string));
    }
  });
});
