import "@/lib/zod-config";
import { z } from "zod";

/**
 * The query parameters a route's query schema reads, so that any other is refused (400 naming it)
 * instead of being ignored: `?stat=paid` must not list everything. Null when the schema reads any
 * parameter (a loose object, a record, a bare transform): those routes are not checked. A pipe
 * reads what either side names (GET /api/payments: its strict page, then the contract's filters).
 */
export function knownQueryKeys(schema: unknown): ReadonlySet<string> | null {
  if (schema instanceof z.ZodObject) {
    const catchall = schema.def.catchall;
    if (catchall && !(catchall instanceof z.ZodNever)) return null;
    return new Set(Object.keys(schema.shape));
  }
  if (schema instanceof z.ZodPipe) {
    const sides = [knownQueryKeys(schema.in), knownQueryKeys(schema.out)].filter((s) => s !== null);
    return sides.length ? new Set(sides.flatMap((s) => [...s])) : null;
  }
  return null;
}

/** The first parameter of `query` that `known` does not name (null: none). */
export function unknownQueryKey(query: Record<string, string>, known: ReadonlySet<string> | null): string | null {
  if (!known) return null;
  for (const key of Object.keys(query)) if (!known.has(key)) return key;
  return null;
}
