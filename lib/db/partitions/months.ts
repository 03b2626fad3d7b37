import "server-only";
import { sql } from "drizzle-orm";
import { brazilDayKey } from "@/lib/pix/time";
import type { Tx } from "../client";
import { rowsOf } from "../raw";

/**
 * The tables kept by Brazil month (migration partition_by_month), each partition named
 * `<table>_YYYY_MM`, plus `<table>_default` for rows no month holds yet.
 */
export const PARTITIONED_TABLES = ["audit_log", "transfer_events", "webhook_events"] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

/** Each table's partition key: the instant a row is filed under. */
export const PARTITION_KEY: Record<PartitionedTable, string> = {
  audit_log: "at",
  transfer_events: "at",
  webhook_events: "received_at",
};

/** A Brazil month, "YYYY-MM". */
export type Month = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(text: string): text is Month {
  return MONTH.test(text);
}

/** The Brazil month an instant falls in. */
export function brazilMonth(at: Date): Month {
  return brazilDayKey(at).slice(0, 7);
}

export function partitionName(table: PartitionedTable, month: Month): string {
  return `${table}_${month.replace("-", "_")}`;
}

/** The months that have a partition of `table`, oldest first. */
export async function monthsOf(db: Tx, table: PartitionedTable): Promise<Month[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid where i.inhparent = ${table}::regclass order by 1`),
  );
  const pattern = new RegExp(`^${table}_(\\d{4})_(\\d{2})$`);
  return rows.flatMap(({ name }) => {
    const m = pattern.exec(name);
    return m ? [`${m[1]}-${m[2]}`] : [];
  });
}

/**
 * This Brazil month and the next `ahead` ones get their partitions (and every table its default
 * partition), made by the database function the migration installed. Run by the queue's tick
 * (lib/transfers/server/runtime.ts): the default partition means a late tick never fails an insert.
 */
export async function ensureMonthPartitions(db: Tx, ahead = 1, now = new Date()): Promise<number> {
  const rows = rowsOf<{ made: number | string }>(
    await db.execute(sql`select ensure_month_partitions(${ahead}::int, ${now.toISOString()}::timestamptz) as made`),
  );
  return Number(rows[0]?.made ?? 0);
}

/**
 * Rows of months before `before` that the default partition caught (no partition existed when
 * they came) get their month's partition, so the archive sees them as that month's.
 */
export async function fileDefaultRows(db: Tx, table: PartitionedTable, before: Month): Promise<void> {
  const key = sql.identifier(PARTITION_KEY[table]);
  const months = rowsOf<{ month: Month }>(
    await db.execute(sql`select distinct to_char(${key} at time zone 'America/Sao_Paulo', 'YYYY-MM') as month
      from ${sql.identifier(`${table}_default`)}`),
  );
  for (const { month } of months) {
    if (month >= before) continue;
    await db.execute(sql`select create_month_partition(${table}::regclass, ${`${month}-01`}::date)`);
  }
}
