/**
 * Text no route accepts: a NUL byte (PostgreSQL refuses it in text, and it means nothing to a
 * person) or a lone UTF-16 surrogate (half a character: it cannot be stored as UTF-8 nor sent
 * to the provider as valid JSON text). Checked at the door, before any database or provider call.
 */
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isUnsafeText(text: string): boolean {
  return UNSAFE.test(text);
}

/** A step of a path, linked to its parent: a deep value shares its ancestors' steps. */
type Step = { name: string; parent: Step | null };
/** A value still to look at; `key` when it sits under an object key not checked yet. */
type Pending = { value: unknown; at: Step | null; key: boolean };

function pathOf(base: readonly string[], step: Step | null, last?: string): string {
  const names: string[] = last === undefined ? [] : [last];
  for (let s = step; s; s = s.parent) names.push(s.name);
  return [...base, ...names.reverse()].join(".") || "input";
}

/**
 * The path ("receiver_name", "rows.3.key") of the first unsafe string inside `value`, in
 * document order, or null. Iterative (an explicit stack): a value nested 100,000 deep costs a
 * loop, never a call frame, so client data cannot overflow the stack here.
 */
export function findUnsafeText(value: unknown, path: readonly string[] = []): string | null {
  const stack: Pending[] = [{ value, at: null, key: false }];
  while (stack.length > 0) {
    const { value: current, at, key } = stack.pop()!;
    if (key && at && isUnsafeText(at.name)) return pathOf(path, at.parent, "(key)");
    if (typeof current === "string") {
      if (isUnsafeText(current)) return pathOf(path, at);
      continue;
    }
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], at: { name: String(i), parent: at }, key: false });
      continue;
    }
    if (current && typeof current === "object") {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [name, item] = entries[i]!;
        stack.push({ value: item, at: { name, parent: at }, key: true });
      }
    }
  }
  return null;
}
