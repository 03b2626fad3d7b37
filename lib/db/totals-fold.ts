import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "./client";

/**
 * Moves what the triggers appended to transfer_totals_delta, receiver_totals_delta and
 * audit_totals_delta into transfer_totals, receiver_totals and audit_totals (migrations
 * store_at_scale, receiver_totals), each in one statement: a reader's
 * snapshot sees the rows either still in the delta or already folded, never both and never
 * neither, so totals are exact before, during and after. Two folds at once cannot count a row
 * twice (the second waits for the first's deleted rows, then skips them). Run by the transfer
 * queue's reconcile tick (lib/transfers/server/runtime.ts) and after `seed:scale`; without it totals
 * stay exact and only get slower to read as the deltas grow.
 */
export async function foldTotals(db: Db): Promise<void> {
  await db.execute(sql`with moved as (delete from transfer_totals_delta returning *)
    insert into transfer_totals as t (maker_email, cost_centre_id, day, state, n, cents)
    select maker_email, cost_centre_id, day, state, sum(n), sum(cents) from moved group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (maker_email, cost_centre_id, day, state) do update set n = t.n + excluded.n, cents = t.cents + excluded.cents`);
  await db.execute(sql`with moved as (delete from receiver_totals_delta returning *)
    insert into receiver_totals as t (receiver_key, state, n, cents)
    select receiver_key, state, sum(n), sum(cents) from moved group by 1, 2 order by 1, 2
    on conflict (receiver_key, state) do update set n = t.n + excluded.n, cents = t.cents + excluded.cents`);
  await db.execute(sql`with moved as (delete from audit_totals_delta returning *)
    insert into audit_totals as t (action, actor_email, day, n)
    select action, actor_email, day, sum(n) from moved group by 1, 2, 3 order by 1, 2, 3
    on conflict (action, actor_email, day) do update set n = t.n + excluded.n`);
}
