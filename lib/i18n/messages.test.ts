import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./config";
import { MESSAGES } from "./messages";

/** Every leaf key of a message tree, as dotted paths. */
function leafKeys(tree: unknown, prefix = ""): string[] {
  if (typeof tree !== "object" || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => leafKeys(value, prefix ? `${prefix}.${key}` : key));
}

/**
 * The ICU arguments a message uses ({name}, {count, plural, ...}, {state, select, ...}), sorted,
 * read by the ICU parser itself: a select's branch ({Aprovado}) is text, not an argument. A
 * message the parser refuses fails here rather than in a person's browser.
 */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      if (element.type === TYPE.tag) {
        walk(element.children);
        continue;
      }
      names.add(element.value);
      if (element.type === TYPE.select || element.type === TYPE.plural) for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(parse(message, { ignoreTag: true }));
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
