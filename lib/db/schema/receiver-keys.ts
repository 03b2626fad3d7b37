import { bigint, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * The receivers' names beside the requests (lib/db/schema/transfers.ts), for the name search of the
 * transfer list (lib/transfers/server/list-store.ts and list-totals.ts).
 */

/**
 * Every receiver name the requests hold, once (their search key: lib/transfers/filters.ts). A name
 * search reads this small table's trigram index, then the requests of the names found, by their
 * plain index: the cost follows the rows that match, not every row that shares a trigram with the
 * name (at 2,000,000 requests the common trigrams' lists made a one-name search read 2,500 pages).
 * Filled by a statement trigger on transfer_requests, in the transaction of the insert (migration
 * receiver_keys); a key whose requests are all gone stays, and finds nothing.
 */
export const receiverKeys = pgTable("receiver_keys", { key: text("key").primaryKey() }, (t) => [
  index("receiver_keys_trgm_idx").using("gin", t.key.op("gin_trgm_ops")),
]);

/**
 * Count and sum of the requests per receiver name (its key) and state: the totals of a name search
 * (with or without a state) without reading the rows of a common surname (one receiver in twelve
 * is a "silva": at 2,000,000 requests its exact count read 171,000 rows). Kept like transfer_totals:
 * the same statement triggers append to receiver_totals_delta in the transaction of every change
 * (migration receiver_totals), `foldTotals` (lib/db/totals-fold.ts) folds them, a total is the sum
 * of both. No day: a name search with days or other filters is counted from its rows.
 */
const receiverTotalsColumns = () => ({
  receiverKey: text("receiver_key").notNull(),
  state: text("state").notNull(),
  n: bigint("n", { mode: "number" }).notNull(),
  cents: bigint("cents", { mode: "number" }).notNull(),
});

export const receiverTotals = pgTable("receiver_totals", receiverTotalsColumns(), (t) => [primaryKey({ columns: [t.receiverKey, t.state] })]);

/** What changed since the last fold: appended by the triggers, read whole. */
export const receiverTotalsDelta = pgTable("receiver_totals_delta", receiverTotalsColumns());
