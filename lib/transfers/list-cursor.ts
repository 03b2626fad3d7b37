/**
 * The transfer list's cursor (client-safe): where the previous page ended in the list's order
 * (newest first: created_at, then id, both descending). A page read after a cursor is the same
 * whatever was created since, so a program can walk the whole list while transfers keep coming.
 */
export type ListCursor = { createdAt: Date; id: string };

export function encodeListCursor(c: ListCursor): string {
  // ASCII only (an ISO instant and a UUID): btoa works in the browser and on the server alike.
  return btoa(JSON.stringify([c.createdAt.toISOString(), c.id])).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeListCursor(value: string): ListCursor | null {
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(value)) return null;
    const parsed: unknown = JSON.parse(atob(value.replace(/-/g, "+").replace(/_/g, "/")));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [at, id] = parsed as unknown[];
    if (typeof at !== "string" || typeof id !== "string" || !/^[0-9a-f-]{36}$/.test(id)) return null;
    const createdAt = new Date(at);
    return Number.isNaN(createdAt.getTime()) ? null : { createdAt, id };
  } catch {
    return null;
  }
}
