/**
 * LIKE-style, case-insensitive "contains" patterns (`ILIKE '%value%'`): `%` and `_` inside
 * the value are SQL wildcards and `\` escapes them, as the provider's SQL would treat them.
 */
export interface TextPattern {
  /** The value, lower-cased (the whole needle when there is no wildcard). */
  needle: string;
  /** For values with wildcards: a regex over one lower-cased value (never crosses a newline). */
  regex: RegExp | null;
}

function escapeRegex(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

export function likePattern(value: string): TextPattern {
  const needle = value.toLowerCase();
  if (!/[%_\\]/.test(needle)) return { needle, regex: null };
  let source = "";
  for (let i = 0; i < needle.length; i++) {
    const c = needle[i]!;
    if (c === "\\" && i + 1 < needle.length) source += escapeRegex(needle[++i]!);
    else if (c === "%") source += "[^\\n]*";
    else if (c === "_") source += "[^\\n]";
    else source += escapeRegex(c);
  }
  return { needle, regex: new RegExp(source) };
}

/** Does one lower-cased value match? An empty value (a missing end_to_end) never does, as NULL in SQL. */
export function matchesPattern(p: TextPattern, lowerCased: string): boolean {
  if (lowerCased === "") return false;
  return p.regex ? p.regex.test(lowerCased) : lowerCased.includes(p.needle);
}

/** A matcher function, for callers that want one. */
export function likeMatcher(value: string): (lowerCased: string) => boolean {
  const p = likePattern(value);
  return (s) => matchesPattern(p, s);
}

/**
 * Many lower-cased values joined by newlines, searched at once with indexOf (or one global
 * regex): far faster than testing 200,000 separate strings. Values must not hold newlines.
 */
export class TextColumn {
  private readonly blob: string;
  /** starts[i] = offset of value i; starts[n] = blob length + 1 (sentinel). */
  private readonly starts: Int32Array;

  constructor(values: readonly string[]) {
    this.starts = new Int32Array(values.length + 1);
    let offset = 0;
    values.forEach((v, i) => {
      this.starts[i] = offset;
      offset += v.length + 1;
    });
    this.starts[values.length] = offset;
    this.blob = values.join("\n");
  }

  /** Indices (ascending) of the non-empty values that match, each once. */
  search(p: TextPattern): number[] {
    const out: number[] = [];
    const starts = this.starts;
    const end = starts.length - 1;
    if (p.needle.includes("\n") || end === 0) return out;
    const push = (r: number) => {
      if (starts[r + 1]! - starts[r]! > 1) out.push(r);
    };
    let row = 0;
    const rowAt = (pos: number) => {
      while (row < end && starts[row + 1]! <= pos) row++;
      return row;
    };
    if (!p.regex) {
      if (p.needle === "") {
        for (let r = 0; r < end; r++) push(r);
        return out;
      }
      let pos = this.blob.indexOf(p.needle, 0);
      while (pos !== -1) {
        push(rowAt(pos));
        if (row + 1 >= end) break;
        pos = this.blob.indexOf(p.needle, starts[row + 1]!);
      }
      return out;
    }
    const re = new RegExp(p.regex.source, "g");
    let m: RegExpExecArray | null;
    while ((m = re.exec(this.blob)) !== null) {
      push(rowAt(m.index));
      if (row + 1 >= end) break;
      re.lastIndex = starts[row + 1]!;
    }
    return out;
  }
}
