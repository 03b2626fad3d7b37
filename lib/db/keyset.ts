import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import "@/lib/zod-config";
import { z } from "zod";

/**
 * Keyset pagination for our newest-first lists (transfer requests, the audit log): a `cursor`
 * beside page numbers. It names the last row a caller saw by its instant (microseconds since
 * 1970, as stored: a JavaScript Date would drop the microseconds) and its id; the next page is
 * what sorts after it, found by seeking the (instant, id) index instead of counting past OFFSET
 * rows. Rows added meanwhile are newer, so they never shift or repeat what follows.
 * Opaque to callers: base64url of "<microseconds>.<id>". Client-safe (no server imports).
 */
export type Cursor = { micros: string; id: string };

const MICROS = /^\d{1,17}$/;
/** Ids are uuids, "seed-…" or audit numbers: plain ASCII, no separators to smuggle. */
const ID = /^[A-Za-z0-9_-]{1,80}$/;

// btoa/atob (browser and Node alike) on ASCII only: both parts are checked against ASCII patterns.
export function encodeCursor(cursor: Cursor): string {
  return btoa(`${cursor.micros}.${cursor.id}`).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeCursor(text: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]{1,160}$/.test(text)) return null;
  let plain: string;
  try {
    plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
  const dot = plain.indexOf(".");
  const micros = plain.slice(0, dot);
  const id = plain.slice(dot + 1);
  return dot > 0 && MICROS.test(micros) && ID.test(id) ? { micros, id } : null;
}

/** `cursor` of a list's query: a cursor this server gave, or refused with `message` (a message key). */
export function cursorSchema(message: string) {
  return z
    .string()
    .trim()
    .max(160, { error: message })
    .transform((text, ctx) => {
      const cursor = decodeCursor(text);
      if (!cursor) ctx.addIssue({ code: "custom", message });
      return cursor ?? { micros: "0", id: "0" };
    })
    .optional();
}

/** The column's instant as the cursor keeps it (text of whole microseconds since 1970). */
export function microsOf(at: PgColumn): SQL<string> {
  return sql<string>`(extract(epoch from ${at}) * 1000000)::bigint::text`;
}

/** Rows after the cursor in newest-first order: (at, id) < (cursor's instant, cursor's id). */
export function afterCursor(at: PgColumn, id: PgColumn, cursor: Cursor, idType: "text" | "bigint"): SQL {
  const instant = sql`(timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond')`;
  const key = idType === "bigint" ? sql`${cursor.id}::bigint` : sql`${cursor.id}::text`;
  return sql`(${at}, ${id}) < (${instant}, ${key})`;
}
