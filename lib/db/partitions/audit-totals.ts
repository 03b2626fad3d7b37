import "server-only";
import { sql, type SQL } from "drizzle-orm";

/**
 * The audit totals' delta for a set of audit rows, `sign` 1 (rows that come back) or -1 (rows that
 * leave with an archived month): the same three levels per Brazil day as the insert trigger
 * audit_totals_apply (migration store_at_scale), so totals keep equalling a count of what the log
 * holds (lib/db/partitions/archive.test.ts checks it). `source` is a table or a CTE of audit rows.
 */
export function auditTotalsDelta(source: SQL, sign: 1 | -1): SQL {
  return sql`insert into audit_totals_delta (action, actor_email, day, n)
    select coalesce(act, '*'), coalesce(actor, '*'), day, ${sign}::int * count(*)
    from (select to_char(at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as day, action as act,
                 coalesce(actor_email, '') as actor from ${source}) rows_counted
    group by grouping sets ((day), (day, act), (day, actor))`;
}
