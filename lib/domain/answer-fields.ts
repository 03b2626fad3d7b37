import "@/lib/zod-config";
import { z } from "zod";

/**
 * Building blocks of our own answers' schemas (lib/<domain>/answers.ts), one rule each.
 * Client-safe: the browser reads answers with the same schemas.
 */

/** An instant as our API writes it: ISO 8601 (`Date.toISOString()`). */
export const instantSchema = z.iso.datetime({ offset: true });

/** A Brazil day, YYYY-MM-DD. */
export const daySchema = z.iso.date();

/** Money: integer cents. */
export const centsSchema = z.number().int();

/** A page of one of our own lists (transfers, alerts, findings, events). */
export const storePageMetaSchema = z
  .object({ page: z.number().int().positive(), page_size: z.number().int().positive(), total: z.number().int().nonnegative(), total_pages: z.number().int().nonnegative() })
  .meta({ id: "PageMeta" });

/** `meta.next_cursor` of a list with keyset pages (lib/db/keyset.ts). */
export const nextCursorSchema = z.string().nullable().describe("Pass as `cursor` for the next page, costing the same however deep (null: this was the last)");

/** A person (or service account) named on a record: who made, approved, decided. */
export const personSchema = z.object({ id: z.string(), email: z.string() }).meta({ id: "Person" });

/** A number of things (the header's counts). */
export const countAnswer = z.object({ count: z.number().int().nonnegative() }).meta({ id: "Count" });
