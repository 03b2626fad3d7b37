import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { containsPattern } from "@/lib/db/like";
import { receiverKeys } from "@/lib/db/schema";

/**
 * The receiver names (search keys, lib/transfers/filters.ts) that contain `key`, as a subquery:
 * found by receiver_keys' trigram index, a table of every name once (lib/db/schema/receiver-keys.ts).
 * The list's rows (./list-store.ts) and its totals (./list-totals.ts) both start from it.
 */
export function namesContaining(key: string): SQL {
  return sql`select ${receiverKeys.key} from ${receiverKeys} where ${receiverKeys.key} like ${containsPattern(key)}`;
}
