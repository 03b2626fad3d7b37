/**
 * zod's issues as `fields` (field -> message), the shape every validation answer and form uses:
 * the first issue of each field wins. `by: "top"` keys by the first path segment (a form's input);
 * `fallback` names an issue about the whole value; `message` rewrites each text (a translation).
 * Client-safe and zod-free: it reads the issues' plain shape.
 */
type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

export function issuesToFields(
  issues: readonly Issue[],
  options: { fallback: string; by?: "path" | "top"; message?: (text: string) => string },
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = options.by === "top" ? String(issue.path[0] ?? options.fallback) : issue.path.map(String).join(".") || options.fallback;
    fields[key] ??= options.message ? options.message(issue.message) : issue.message;
  }
  return fields;
}
