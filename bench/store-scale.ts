/**
 * The store as a company's payouts pile up (`npm run bench -- --scale [--sizes 20000,2000000] [--engine pglite] [--reuse]`):
 * the same calls the screens and the API make, timed on a store seeded with `a` and then `b` transfer
 * requests (lib/db/seed-scale.ts), and the growth between the two. PostgreSQL (a scratch database
 * per size, on TEST_DATABASE_URL or DATABASE_URL's server) unless `--engine pglite` (in memory).
 * The PostgreSQL stores stay (pix_scale_<size>) for EXPLAIN; `--reuse` times the calls again on them
 * without seeding anew (a 2,000,000 seed takes minutes; the table then says "seeded before").
 * Writes bench/results/store-scale.json and the "Store at scale" section of docs/BENCHMARKS.md.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { createDb, type StoreHandle } from "../lib/db/client";
import { listAudit } from "../lib/db/audit";
import type { Cursor } from "../lib/db/keyset";
import { rowsOf } from "../lib/db/raw";
import { SEED_PER_DAY, seedScale } from "../lib/db/seed-scale";
import { addBrazilDays, brazilDayKey, endOfBrazilDay, startOfBrazilDay } from "../lib/pix/time";
import { attentionCount, inboxCount, listTransfers } from "../lib/transfers/server/store";
import { loadAverage, summarize } from "./proc";
import { ROOT } from "./server";

type Sample = { document: string; receiverName: string; transferCursor: Cursor; auditCursor: Cursor };
type Timed = { p50: number; p95: number; n: number };
export type ScaleRun = { transfers: number; audit: number; events: number; seedS: number; calls: Record<string, Timed> };
/** perDay: the seeded company's payouts a day (absent in runs before the seed had it: any size was one year). */
export type StoreScaleResult = { at: string; engine: string; sizes: [number, number]; perDay?: number; loadBefore: number[]; loadAfter: number[]; runs: ScaleRun[] };

const NOW = new Date("2026-12-01T15:00:00Z");
const RESULT = join(ROOT, "bench", "results", "store-scale.json");
/** The same calls measured on the code before the trigram indexes, cursors and rollups (kept for comparison). */
const BEFORE = join(ROOT, "bench", "results", "store-scale-before.json");
const SECTION = "## Store at scale";

/** The calls, in the issue's order: label -> what one call does (the list's totals included). */
function calls(store: StoreHandle, sample: Sample) {
  const db = store.db;
  const now = NOW;
  const monthAgo = brazilDayKey(addBrazilDays(now, -30));
  // A day every size holds (20,000 requests are a company's first four days: lib/db/seed-scale.ts).
  const day = addBrazilDays(now, -3);
  return {
    "transfer list, page 1 (with its totals)": () => listTransfers(db, { now }),
    "transfer list, page 100": () => listTransfers(db, { now, page: 100 }),
    "transfer list, page 100 by cursor": () => listTransfers(db, { now, cursor: sample.transferCursor }),
    "receiver name search": () => listTransfers(db, { now, receiver: sample.receiverName }),
    // A surname one receiver in twelve shares: the page stays cheap, the exact totals count its share of every row.
    "receiver name search, a common surname": () => listTransfers(db, { now, receiver: "silva" }),
    "receiver document search": () => listTransfers(db, { now, receiver: sample.document }),
    "paid in the last 30 days (exact totals)": () => listTransfers(db, { now, state: "paid", createdFrom: monthAgo }),
    "amount range": () => listTransfers(db, { now, minCents: 1_000_000, maxCents: 1_010_000 }),
    "maker filter": () => listTransfers(db, { now, maker: "maker7@" }),
    "needs attention": () => listTransfers(db, { now, attention: true }),
    "approver's inbox": () => listTransfers(db, { now, inboxOf: "seed-approver-1" }),
    "header counts": () => Promise.all([inboxCount(db, "seed-approver-1", now), attentionCount(db, now)]),
    "audit log, page 1": () => listAudit({}, db),
    "audit log, page 100 by cursor": () => listAudit({ cursor: sample.auditCursor }, db),
    "audit log by actor": () => listAudit({ actor: "maker7@" }, db),
    "audit log by action": () => listAudit({ action: "transfer.approve" }, db),
    "audit log by day": () => listAudit({ from: startOfBrazilDay(day), to: endOfBrazilDay(day) }, db),
  } satisfies Record<string, () => Promise<unknown>>;
}

async function time(fn: () => Promise<unknown>, runs: number, budgetMs: number): Promise<Timed> {
  await fn(); // warm: plans cached, pages in memory
  const values: number[] = [];
  const started = performance.now();
  while (values.length < runs && (values.length < 3 || performance.now() - started < budgetMs)) {
    const t = performance.now();
    await fn();
    values.push(performance.now() - t);
  }
  const s = summarize(values);
  return { p50: s.p50, p95: s.p95, n: s.n };
}

async function openScratch(engine: string, label: string, reuse: boolean): Promise<StoreHandle> {
  if (engine === "pglite") return createDb({ memory: true });
  const admin = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!admin) throw new Error("bench --scale: set TEST_DATABASE_URL (or DATABASE_URL), or pass --engine pglite");
  const { default: postgres } = await import("postgres");
  const name = `pix_scale_${label}`;
  const client = postgres(admin, { max: 1, onnotice: () => undefined });
  try {
    const exists = (await client`select 1 from pg_database where datname = ${name}`).length > 0;
    if (!(reuse && exists)) {
      await client.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.unsafe(`CREATE DATABASE "${name}"`);
    }
  } finally {
    await client.end({ timeout: 5 });
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return createDb({ url: url.toString() }, { maxConnections: 4 });
}

async function measure(engine: string, transfers: number, runs: number, reuse: boolean, log: (line: string) => void): Promise<ScaleRun> {
  const store = await openScratch(engine, String(transfers), reuse);
  try {
    const seeded = (reuse && (await storeSize(store))) || (await seed(store, transfers, log));
    // A receiver's full name and a piece of a document, as a person types them.
    const pick = rowsOf<{ name: string; document: string }>(
      await store.db.execute(sql`select receiver_name as name, receiver_document as document from transfer_requests where id = 'seed-t-105'`),
    )[0]!;
    // The cursors a reader following next_cursor holds after 99 pages of 50 (the last row of page 99).
    const [transferAt] = rowsOf<Cursor>(await store.db.execute(sql`select (extract(epoch from created_at) * 1000000)::bigint::text as micros, id from transfer_requests order by created_at desc, id desc offset ${99 * 50 - 1} limit 1`));
    const [auditAt] = rowsOf<Cursor>(await store.db.execute(sql`select (extract(epoch from at) * 1000000)::bigint::text as micros, id::text as id from audit_log order by at desc, id desc offset ${99 * 50 - 1} limit 1`));
    const sample: Sample = { receiverName: pick.name, document: pick.document.slice(2, 10), transferCursor: transferAt!, auditCursor: auditAt! };
    const result: ScaleRun = { transfers: seeded.transfers, audit: seeded.audit, events: seeded.events, seedS: seeded.seconds, calls: {} };
    for (const [label, fn] of Object.entries(calls(store, sample))) {
      result.calls[label] = await time(fn, runs, 20_000);
      log(`${label}: p50 ${result.calls[label]!.p50} ms, p95 ${result.calls[label]!.p95} ms`);
    }
    return result;
  } finally {
    await store.close();
  }
}

async function seed(store: StoreHandle, transfers: number, log: (line: string) => void) {
  log(`seeding ${transfers.toLocaleString("en")} transfer requests (${store.describe})...`);
  const seeded = await seedScale(store.db, { transfers, now: NOW });
  log(`seeded in ${seeded.seconds} s: ${seeded.audit.toLocaleString("en")} audit rows, ${seeded.events.toLocaleString("en")} events`);
  return seeded;
}

/** What a store seeded by an earlier run holds (`--reuse`), or null when it is empty; its seed time is not known (0). */
async function storeSize(store: StoreHandle): Promise<{ transfers: number; audit: number; events: number; seconds: number } | null> {
  const [row] = rowsOf<{ transfers: string; audit: string; events: string }>(
    await store.db.execute(sql`select (select count(*) from transfer_requests) as transfers, (select count(*) from audit_log) as audit, (select count(*) from transfer_events) as events`),
  );
  return row && Number(row.transfers) > 0 ? { transfers: Number(row.transfers), audit: Number(row.audit), events: Number(row.events), seconds: 0 } : null;
}

export async function runStoreScaleBench(options: { sizes: [number, number]; engine: string; runs: number; reuse?: boolean; log: (line: string) => void }): Promise<StoreScaleResult> {
  const loadBefore = loadAverage();
  const runs: ScaleRun[] = [];
  for (const size of options.sizes) runs.push(await measure(options.engine, size, options.runs, options.reuse ?? false, options.log));
  return { at: new Date().toISOString(), engine: options.engine, sizes: options.sizes, perDay: SEED_PER_DAY, loadBefore, loadAfter: loadAverage(), runs };
}

const seedTime = (r: ScaleRun) => (r.seedS ? `${r.seedS} s` : "an earlier run");
const ms = (n: number) => n.toLocaleString("en", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function storeScaleMarkdown(r: StoreScaleResult): string {
  const before = readResult(BEFORE);
  return [scaleTable(r, "Store at scale"), ...(before ? ["", `Before the indexes, cursors and totals (docs/STORE-AT-SCALE.md), the same bench:`, "", scaleTable(before, null)] : [])].join("\n");
}

function scaleTable(r: StoreScaleResult, heading: string | null): string {
  const [a, b] = r.runs;
  if (!a || !b) return "";
  const growth = (x: number, y: number) => `x${(y / x).toFixed(1)}`;
  const rows = Object.keys(a.calls).map((label) => {
    const x = a.calls[label]!;
    const y = b.calls[label];
    return `| ${label} | ${ms(x.p50)} / ${ms(x.p95)} | ${y ? `${ms(y.p50)} / ${ms(y.p95)}` : "-"} | ${y ? growth(x.p50, y.p50) : "-"} |`;
  });
  return [
    ...(heading ? [`## ${heading}`, "", "Why each call stays flat, with its query plan: docs/STORE-AT-SCALE.md.", ""] : []),
    `Measured ${r.at.replace("T", " ").slice(0, 16)} UTC on ${r.engine === "pglite" ? "PGlite (in memory)" : "PostgreSQL"} by \`npm run bench -- --scale\`:`,
    `stores seeded by \`npm run seed:scale\` with ${a.transfers.toLocaleString("en")} and ${b.transfers.toLocaleString("en")} transfer requests` +
      (r.perDay ? ` at ${r.perDay.toLocaleString("en")} a day (one company at two ages)` : " over one year each"),
    `(${a.audit.toLocaleString("en")} / ${b.audit.toLocaleString("en")} audit rows; seeded in ${seedTime(a)} / ${seedTime(b)}), the same calls timed on each.`,
    `Load average ${r.loadBefore.join(" / ")} before, ${r.loadAfter.join(" / ")} after.`,
    "",
    `| call (p50 / p95, ms) | ${a.transfers.toLocaleString("en")} | ${b.transfers.toLocaleString("en")} | growth (p50) |`,
    "|---|---:|---:|---:|",
    ...rows,
  ].join("\n");
}

/** The last recorded run (for the full report). */
export function lastStoreScale(): StoreScaleResult | undefined {
  return readResult(RESULT);
}

function readResult(path: string): StoreScaleResult | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, "utf8")) as StoreScaleResult;
  } catch {
    return undefined;
  }
}

/** Records a run: its JSON, and its section of docs/BENCHMARKS.md replaced (or added at the end). */
export function recordStoreScale(r: StoreScaleResult): void {
  mkdirSync(join(ROOT, "bench", "results"), { recursive: true });
  writeFileSync(RESULT, `${JSON.stringify(r, null, 2)}\n`);
  const path = join(ROOT, "docs", "BENCHMARKS.md");
  const doc = existsSync(path) ? readFileSync(path, "utf8") : "";
  writeFileSync(path, spliceSection(doc, storeScaleMarkdown(r)));
}

/** `doc` with its `heading` section (up to the next "## " heading; "Store at scale" by default) replaced by `section`. */
export function spliceSection(doc: string, section: string, heading = SECTION): string {
  const start = doc.indexOf(`${heading}\n`);
  if (start < 0) return `${doc.trimEnd()}\n\n${section}\n`;
  const next = doc.indexOf("\n## ", start + heading.length);
  const rest = next < 0 ? "" : doc.slice(next);
  return `${doc.slice(0, start)}${section}\n${rest}`;
}
