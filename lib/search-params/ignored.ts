type RawSearchParams = Record<string, string | string[] | undefined>;
type Serializer = { serialize: (value: never) => string };

/**
 * The URL values a parser map refused, as `key=value` (cut to 40 characters), so a page can say
 * what it ignored from a pasted link. A value is ignored when the parsed result does not give
 * the same text back (an invalid value parses to null or to the parser's default).
 */
export function ignoredUrlValues<K extends string>(
  raw: RawSearchParams,
  parsers: Record<K, Serializer>,
  values: Record<K, unknown>,
): string[] {
  const ignored: string[] = [];
  for (const key of Object.keys(parsers) as K[]) {
    const given = raw[key];
    const text = (Array.isArray(given) ? given[0] : given)?.trim();
    if (text === undefined || text === "") continue;
    const value = values[key];
    const back = value === null || value === undefined ? null : (parsers[key].serialize as (v: unknown) => string)(value);
    if (back !== text) ignored.push(`${key}=${text.length > 40 ? `${text.slice(0, 40)}…` : text}`);
  }
  return ignored;
}
