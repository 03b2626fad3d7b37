import "@/lib/zod-config";
import { z } from "zod";

/** localStorage key of the recent lookups (versioned: a new shape gets a new key). */
export const RECENT_LOOKUPS_KEY = "pix-backoffice.recent-lookups.v1";
export const RECENT_LOOKUPS_LIMIT = 8;

const recentLookupSchema = z.object({
  query: z.string().min(1).max(300),
  summary: z.string().max(300),
  at: z.number().int().nonnegative(),
});
export type RecentLookup = z.infer<typeof recentLookupSchema>;

/** Reads what was stored; anything unreadable (another version, hand edits) is dropped, never thrown. */
export function parseRecentLookups(raw: string | null): RecentLookup[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const out: RecentLookup[] = [];
  for (const item of data) {
    const parsed = recentLookupSchema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
  }
  return out.slice(0, RECENT_LOOKUPS_LIMIT);
}

/** Newest first, one entry per query (a repeat moves to the top), at most 8. */
export function addRecentLookup(list: RecentLookup[], entry: RecentLookup): RecentLookup[] {
  const query = entry.query.slice(0, 300);
  return [{ ...entry, query, summary: entry.summary.slice(0, 300) }, ...list.filter((r) => r.query !== query)].slice(
    0,
    RECENT_LOOKUPS_LIMIT,
  );
}
