import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createRequest, newIdempotentId, transferOf } from "@/lib/transfers/testing/fixtures";
import { rowsOf, TEST_ENGINES, type TestStore } from "../test-engines";
import { foldTotals } from "../totals-fold";
import { archiveBefore, restoreArchive } from "./archive";
import { parseArchiveFile } from "./archive-file";
import { ensureMonthPartitions, monthsOf } from "./months";

const DECEMBER = new Date("2026-12-02T15:00:00Z");

describe.each(TEST_ENGINES)("monthly partitions and the archive on $name", (engine) => {
  let store: TestStore;
  let dir: string;
  beforeAll(async () => {
    store = await engine.open();
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "pix-archive-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await store.db.execute(query));
  const count = async (query: ReturnType<typeof sql>) => Number((await q<{ n: string | number }>(query))[0]?.n);
  const refusal = (query: ReturnType<typeof sql>) =>
    store.db.execute(query).then(
      () => "accepted",
      (e: Error) => String((e.cause as Error | undefined)?.message ?? e.message),
    );
  // Rows of a month as the database prints them: what must come back unchanged.
  const monthRows = (table: string, column: string, from: string, to: string) =>
    q<{ j: string }>(sql`select row_to_json(t)::text as j from ${sql.identifier(table)} t
      where ${sql.identifier(column)} >= ${from}::timestamptz and ${sql.identifier(column)} < ${to}::timestamptz order by id`).then(
      (rows) => rows.map((r) => r.j),
    );
  // The audit log's total from its rollup (after a fold) against a count of the rows themselves.
  const auditTotals = async () => {
    await foldTotals(store.db);
    return [
      await count(sql`select coalesce(sum(n), 0) as n from audit_totals where action = '*' and actor_email = '*'`),
      await count(sql`select count(*) as n from audit_log`),
    ];
  };

  it("archives a closed month to a verified file, drops it, and restores the same rows", async () => {
    await ensureMonthPartitions(store.db, 3, new Date("2026-09-10T12:00:00Z"));
    // Brazil September (-03:00), 150 rows over 25 days; one row on each side of it.
    await store.db.execute(sql`insert into audit_log (at, action, outcome, actor_email, detail)
      select timestamptz '2026-09-01 00:00:00-03' + make_interval(hours => g * 4), 'transfer.create', 'success',
             'maker' || (g % 3) || '@example.com', jsonb_build_object('n', g, 'text', 'linha ' || g || E'\n"aspas"')
      from generate_series(0, 149) g`);
    await store.db.execute(sql`insert into audit_log (at, action, outcome) values
      ('2026-08-31 23:30:00-03', 'auth.sign_in', 'success'), ('2026-10-01 00:00:00-03', 'auth.sign_in', 'success')`);
    await store.db.execute(sql`insert into webhook_events (received_at, result, reason)
      select timestamptz '2026-09-02 10:00:00-03' + make_interval(days => g), 'rejected', 'bad_signature' from generate_series(0, 9) g`);
    const september = await monthRows("audit_log", "at", "2026-09-01 00:00:00-03", "2026-10-01 00:00:00-03");
    const hooks = await monthRows("webhook_events", "received_at", "2026-09-01 00:00:00-03", "2026-10-01 00:00:00-03");
    expect(september).toHaveLength(150);
    const totalsBefore = await auditTotals();
    expect(totalsBefore[0]).toBe(totalsBefore[1]);

    const done = await archiveBefore(store.db, { before: "2026-10", dir, now: DECEMBER });
    expect(done.map((m) => [m.table, m.month, m.rows])).toEqual([
      ["audit_log", "2026-08", 1],
      ["audit_log", "2026-09", 150],
      ["transfer_events", "2026-09", 0],
      ["webhook_events", "2026-09", 10],
    ]);
    const file = path.join(dir, "audit_log-2026-09.jsonl.gz");
    const digest = createHash("sha256").update(await readFile(file)).digest("hex");
    expect(await readFile(`${file}.sha256`, "utf8")).toBe(`${digest}  audit_log-2026-09.jsonl.gz\n`);
    expect(await monthsOf(store.db, "audit_log")).not.toContain("2026-09");
    expect(await monthRows("audit_log", "at", "2026-09-01 00:00:00-03", "2026-10-01 00:00:00-03")).toEqual([]);
    expect(await count(sql`select count(*) as n from audit_log where at = '2026-10-01 00:00:00-03'`)).toBe(1);
    const [record] = await q<{ target: string; detail: { rows: number; sha256: string } }>(
      sql`select target, detail from audit_log where action = 'store.archive_month' and target = 'audit_log_2026_09'`,
    );
    expect(record?.detail).toMatchObject({ rows: 150, sha256: digest });
    let totals = await auditTotals();
    expect(totals[0]).toBe(totals[1]);

    await restoreArchive(store.db, parseArchiveFile(file)!);
    await restoreArchive(store.db, parseArchiveFile(path.join(dir, "webhook_events-2026-09.jsonl.gz"))!);
    expect(await monthRows("audit_log", "at", "2026-09-01 00:00:00-03", "2026-10-01 00:00:00-03")).toEqual(september);
    expect(await monthRows("webhook_events", "received_at", "2026-09-01 00:00:00-03", "2026-10-01 00:00:00-03")).toEqual(hooks);
    expect(await monthsOf(store.db, "audit_log")).toContain("2026-09");
    totals = await auditTotals();
    expect(totals[0]).toBe(totals[1]);
    // Restored twice: refused whole, nothing doubled.
    await expect(restoreArchive(store.db, parseArchiveFile(file)!)).rejects.toThrow();
    expect(await monthRows("audit_log", "at", "2026-09-01 00:00:00-03", "2026-10-01 00:00:00-03")).toHaveLength(150);
    // The restored partition is append-only like the others.
    expect(await refusal(sql`update audit_log_2026_09 set outcome = 'forged'`)).toMatch(/append-only/);
  });

  it("refuses to change or empty any partition of the append-only tables", async () => {
    await ensureMonthPartitions(store.db, 1, DECEMBER);
    await store.db.execute(sql`insert into audit_log (at, action, outcome) values (now(), 'auth.sign_in', 'success')`);
    for (const part of ["audit_log_2026_12", "audit_log_2027_01", "audit_log_default"]) {
      expect(await refusal(sql`update ${sql.identifier(part)} set outcome = 'forged'`), part).toMatch(/append-only|^accepted$/);
      expect(await refusal(sql`truncate ${sql.identifier(part)}`), part).toMatch(/append-only: TRUNCATE/);
    }
    expect(await refusal(sql`delete from audit_log_2026_12`)).toMatch(/append-only: DELETE/);
    expect(await refusal(sql`update audit_log_2026_12 set outcome = 'forged'`)).toMatch(/append-only: UPDATE/);
    expect(await refusal(sql`truncate transfer_events_2026_12`)).toMatch(/append-only: TRUNCATE/);
    expect(await refusal(sql`truncate transfer_events_default`)).toMatch(/append-only: TRUNCATE/);
  });

  it("an insert into a month with no partition still lands, and moves into the month once it is made", async () => {
    await store.db.execute(sql`insert into audit_log (at, action, outcome) values ('2031-03-15 12:00:00-03', 'auth.sign_in', 'success')`);
    expect(await count(sql`select count(*) as n from audit_log_default where at = '2031-03-15 12:00:00-03'`)).toBe(1);
    await ensureMonthPartitions(store.db, 0, new Date("2031-03-20T12:00:00Z"));
    expect(await count(sql`select count(*) as n from audit_log_2031_03`)).toBe(1);
    expect(await count(sql`select count(*) as n from audit_log_default where at = '2031-03-15 12:00:00-03'`)).toBe(0);
    expect(await count(sql`select count(*) as n from audit_log where at = '2031-03-15 12:00:00-03'`)).toBe(1);
    expect(await refusal(sql`truncate audit_log_2031_03`)).toMatch(/append-only: TRUNCATE/);
  });

  it("drops nothing when the export fails half-way", async () => {
    await ensureMonthPartitions(store.db, 2, new Date("2026-06-10T12:00:00Z"));
    await store.db.execute(sql`insert into audit_log (at, action, outcome)
      select timestamptz '2026-06-02 10:00:00-03' + make_interval(mins => g), 'auth.sign_in', 'success' from generate_series(1, 200) g`);
    const june = await monthRows("audit_log", "at", "2026-06-01 00:00:00-03", "2026-07-01 00:00:00-03");
    const archivesBefore = await count(sql`select count(*) as n from audit_log where action = 'store.archive_month'`);
    let written = 0;
    const brokenDisk = () =>
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          written += chunk.length;
          callback(written > 64 ? new Error("ENOSPC: no space left on device") : null);
        },
      });
    await expect(
      archiveBefore(store.db, { before: "2026-07", dir, now: DECEMBER, tables: ["audit_log"], openOutput: brokenDisk }),
    ).rejects.toThrow(/ENOSPC/);
    expect(await monthsOf(store.db, "audit_log")).toContain("2026-06");
    expect(await monthRows("audit_log", "at", "2026-06-01 00:00:00-03", "2026-07-01 00:00:00-03")).toEqual(june);
    expect(await count(sql`select count(*) as n from audit_log where action = 'store.archive_month'`)).toBe(archivesBefore);
    const totals = await auditTotals();
    expect(totals[0]).toBe(totals[1]);
  });
  it("a month of transfer timelines round-trips, and its restore does not repeat the ERP feed", async () => {
    await ensureMonthPartitions(store.db, 1, new Date("2026-05-10T12:00:00Z"));
    const request = await createRequest(store.db, transferOf(newIdempotentId("archive"), 1_000), 0);
    await store.db.execute(sql`insert into transfer_events (transfer_id, at, from_state, to_state)
      select ${request.id}, timestamptz '2026-05-03 10:00:00-03' + make_interval(mins => g), 'approved', 'submitting'
      from generate_series(1, 30) g`);
    const may = await monthRows("transfer_events", "at", "2026-05-01 00:00:00-03", "2026-06-01 00:00:00-03");
    expect(may).toHaveLength(30);
    const feed = await count(sql`select count(*) as n from erp_events`);
    const done = await archiveBefore(store.db, { before: "2026-06", dir, now: DECEMBER, tables: ["transfer_events"] });
    expect(done.map((m) => [m.month, m.rows])).toEqual([["2026-05", 30]]);
    expect(await monthRows("transfer_events", "at", "2026-05-01 00:00:00-03", "2026-06-01 00:00:00-03")).toEqual([]);
    await restoreArchive(store.db, parseArchiveFile(path.join(dir, "transfer_events-2026-05.jsonl.gz"))!);
    expect(await monthRows("transfer_events", "at", "2026-05-01 00:00:00-03", "2026-06-01 00:00:00-03")).toEqual(may);
    expect(await count(sql`select count(*) as n from erp_events`)).toBe(feed);
    expect(await refusal(sql`update transfer_events_2026_05 set to_state = 'paid'`)).toMatch(/append-only: UPDATE/);
  });
});
