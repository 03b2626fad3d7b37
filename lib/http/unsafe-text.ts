/**
 * Text no route accepts: a NUL byte (PostgreSQL refuses it in text, and it means nothing to a
 * person) or a lone UTF-16 surrogate (half a character: it cannot be stored as UTF-8 nor sent
 * to the provider as valid JSON text). Checked at the door, before any database or provider call.
 */
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isUnsafeText(text: string): boolean {
  return UNSAFE.test(text);
}

/** The path ("receiver_name", "rows.3.key") of the first unsafe string inside `value`, or null. */
export function findUnsafeText(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return isUnsafeText(value) ? path.join(".") || "input" : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (isUnsafeText(key)) return [...path, "(key)"].join(".");
      const found = findUnsafeText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
