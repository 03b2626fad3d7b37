import "server-only";
import { userInfo } from "node:os";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../client";
import { recordAudit } from "../audit";
import { rowsOf } from "../raw";
import {
  archiveFileFor,
  readBack,
  readLines,
  statedChecksum,
  writeArchive,
  type ArchiveFile,
  type OpenOutput,
} from "./archive-file";
import { brazilMonth, fileDefaultRows, monthsOf, partitionName, PARTITIONED_TABLES, type Month, type PartitionedTable } from "./months";
import { auditTotalsDelta } from "./audit-totals";

export type ArchivedMonth = { table: PartitionedTable; month: Month; rows: number; file: string; sha256: string };

export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveError";
  }
}

const BATCH = 5_000;

/**
 * `npm run archive -- --before YYYY-MM`: every closed Brazil month before `before` (and before
 * this month, which is still being written) of each partitioned table leaves the database, one
 * month at a time, each in its own transaction:
 *   0. rows of those months the default partition caught are moved into their month's partition;
 *   1. the month's partition is locked against writes and its rows written to a gzip file with
 *      its SHA-256 file (./archive-file.ts);
 *   2. the file is read back from disk: same checksum, same number of rows, same content;
 *   3. only then the partition is detached and dropped, the audit totals lose its rows, and the
 *      audit log records the archive, all committed together.
 * A failure anywhere before the commit leaves the month where it was: nothing is dropped without
 * its verified file.
 */
export async function archiveBefore(
  db: Db,
  options: { before: Month; dir: string; now?: Date; openOutput?: OpenOutput; tables?: readonly PartitionedTable[] },
): Promise<ArchivedMonth[]> {
  const current = brazilMonth(options.now ?? new Date());
  const done: ArchivedMonth[] = [];
  const before = options.before < current ? options.before : current;
  for (const table of options.tables ?? PARTITIONED_TABLES) {
    await fileDefaultRows(db, table, before);
    for (const month of await monthsOf(db, table)) {
      if (month >= before) continue;
      done.push(await archiveMonth(db, table, month, options.dir, options.openOutput));
    }
  }
  return done;
}

async function archiveMonth(
  db: Db,
  table: PartitionedTable,
  month: Month,
  dir: string,
  openOutput?: OpenOutput,
): Promise<ArchivedMonth> {
  const part = partitionName(table, month);
  const file = archiveFileFor(dir, table, month);
  return db.transaction(async (tx) => {
    // Writers into this month wait; the rest of the table is untouched until the detach.
    await tx.execute(sql`lock table ${sql.identifier(part)} in share mode`);
    const [{ n } = { n: 0 }] = rowsOf<{ n: number | string }>(
      await tx.execute(sql`select count(*) as n from ${sql.identifier(part)}`),
    );
    const written = await writeArchive(file, rowsInIdOrder(tx, part), openOutput);
    const back = await readBack(file);
    const stated = await statedChecksum(file);
    if (written.rows !== Number(n) || back.rows !== written.rows) {
      throw new ArchiveError(`${file.path}: ${back.rows} rows read back, ${written.rows} written, ${n} in ${part}`);
    }
    if (back.sha256 !== stated || back.sha256 !== written.sha256 || back.contentSha256 !== written.contentSha256) {
      throw new ArchiveError(`${file.path}: the file read back does not match its checksum`);
    }
    if (table === "audit_log") await tx.execute(auditTotalsDelta(sql`${sql.identifier(part)}`, -1));
    await tx.execute(sql`alter table ${sql.identifier(table)} detach partition ${sql.identifier(part)}`);
    await tx.execute(sql`drop table ${sql.identifier(part)}`);
    const archived = { table, month, rows: written.rows, file: file.path, sha256: written.sha256 };
    await recordAudit(
      { action: "store.archive_month", target: part, outcome: "success", detail: { ...archived, by: osUser() } },
      tx,
    );
    return archived;
  });
}

async function* rowsInIdOrder(tx: Tx, part: string): AsyncIterable<string> {
  let after = 0;
  for (;;) {
    const rows = rowsOf<{ id: number | string; line: string }>(
      await tx.execute(sql`select t.id, row_to_json(t)::text as line from ${sql.identifier(part)} t
        where t.id > ${after} order by t.id limit ${BATCH}`),
    );
    for (const row of rows) yield row.line;
    if (rows.length < BATCH) return;
    after = Number(rows[rows.length - 1]!.id);
  }
}

/**
 * `npm run archive -- --restore <file>`: checks the file against its `.sha256`, makes the month's
 * partition again (moving in any rows the default partition caught meanwhile) and loads the rows
 * straight into it, so the parent's insert triggers (ERP feed, totals) do not fire twice; the
 * audit totals get the rows back explicitly. One transaction, audited; a row already present
 * (restored twice) refuses the whole file.
 */
export async function restoreArchive(db: Db, file: ArchiveFile): Promise<ArchivedMonth> {
  const stated = await statedChecksum(file);
  const back = await readBack(file);
  if (back.sha256 !== stated) throw new ArchiveError(`${file.path} does not match ${file.checksumPath}`);
  const part = partitionName(file.table, file.month);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select create_month_partition(${file.table}::regclass, ${`${file.month}-01`}::date)`);
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const insert = sql`insert into ${sql.identifier(part)}
        select * from jsonb_populate_recordset(null::${sql.identifier(file.table)}, ${`[${batch.join(",")}]`}::jsonb)`;
      // Only the file's rows are counted back: rows the default partition caught are counted already.
      await tx.execute(
        file.table === "audit_log"
          ? sql`with restored as (${insert} returning *) ${auditTotalsDelta(sql`restored`, 1)}`
          : insert,
      );
      batch = [];
    };
    for await (const line of readLines(file)) {
      batch.push(line);
      if (batch.length >= 1_000) await flush();
    }
    await flush();
    const restored = { table: file.table, month: file.month, rows: back.rows, file: file.path, sha256: back.sha256 };
    await recordAudit(
      { action: "store.restore_month", target: part, outcome: "success", detail: { ...restored, by: osUser() } },
      tx,
    );
    return restored;
  });
}

function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return "unknown";
  }
}
