/** Text a person typed, matched anywhere in a column with LIKE/ILIKE: their `%` and `_` are text, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%text%`, escaped. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
