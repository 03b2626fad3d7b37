import fc from "fast-check";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditQuery } from "@/lib/audit/filters";
import { listAudit } from "@/lib/db/audit";
import { auditLog, costCentres, transferRequests, type TransferRequestRow } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { foldTotals } from "@/lib/db/totals-fold";
import { brazilDayKey, brazilInstant, startOfBrazilDay } from "@/lib/pix/time";
import { searchKey } from "@/lib/pix/text";
import { NO_COST_CENTRE } from "../filters";
import { listTotals, totalsSource } from "./list-totals";
import { TRANSFER_STATES } from "../states";
import type { TransferListQuery } from "./store";

/**
 * The list's totals read from transfer_totals, receiver_totals and their deltas (appended by
 * triggers) equal a full reading of the requests, after any mix of inserts (several per statement), state moves (one or
 * many rows per statement), cost-centre changes, deletes and folds of the delta. The expected figures are computed here, in
 * JavaScript, from every row read back: a second reading, not the same SQL.
 */
const MAKERS = ["ana.lima@empresa.test", "beto@empresa.test", "carla@outra.test"];
const CENTRES = ["cc-ti", "cc-rh", null] as const;
const DAYS = ["2030-05-01", "2030-05-02", "2030-05-03"];
const NAMES = ["Maria da Silva", "JOÃO SILVA", "Ana Costa Lima"];

const insertOp = fc.record({
  kind: fc.constant("insert" as const),
  rows: fc.array(
    fc.record({
      maker: fc.integer({ min: 0, max: MAKERS.length - 1 }),
      name: fc.integer({ min: 0, max: NAMES.length - 1 }),
      centre: fc.integer({ min: 0, max: CENTRES.length - 1 }),
      cents: fc.integer({ min: 1, max: 10_000_000 }),
      day: fc.integer({ min: 0, max: DAYS.length - 1 }),
      // Around midnight in Brazil too: 00:00-02:59 is still the previous day in UTC.
      minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
    }),
    { minLength: 1, maxLength: 5 },
  ),
});
const moveOp = fc.record({ kind: fc.constant("move" as const), pick: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), state: fc.constantFrom(...TRANSFER_STATES) });
const centreOp = fc.record({ kind: fc.constant("centre" as const), pick: fc.nat(), centre: fc.integer({ min: 0, max: CENTRES.length - 1 }) });
const deleteOp = fc.record({ kind: fc.constant("delete" as const), pick: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }) });
const foldOp = fc.record({ kind: fc.constant("fold" as const) });
const ops = fc.array(fc.oneof(insertOp, insertOp, moveOp, centreOp, deleteOp, foldOp), { minLength: 1, maxLength: 12 });

const QUERIES: TransferListQuery[] = [
  {},
  { state: "paid" },
  { state: ["awaiting_approval", "approved", "refused"] },
  { createdFrom: DAYS[1], createdTo: DAYS[1] },
  { createdFrom: DAYS[0], createdTo: DAYS[1], state: "approved" },
  { maker: "ANA" },
  { maker: "empresa", state: ["paid", "approved"], createdFrom: DAYS[1] },
  { costCentre: "cc-ti" },
  { costCentre: NO_COST_CENTRE, createdTo: DAYS[1] },
];
/** Answered from receiver_totals: a name (no digits), with a state or not. */
const NAME_QUERIES: TransferListQuery[] = [
  { receiver: "silva" },
  { receiver: "Joao", state: "paid" },
  { receiver: "maria da silva", state: ["approved", "refused"] },
  { receiver: "lima costa" },
];

function matches(row: TransferRequestRow, q: TransferListQuery): boolean {
  const day = brazilDayKey(row.createdAt);
  const states = q.state === undefined ? null : Array.isArray(q.state) ? q.state : [q.state];
  if (states && !states.includes(row.state as never)) return false;
  if (q.createdFrom && day < q.createdFrom) return false;
  if (q.createdTo && day > q.createdTo) return false;
  if (q.maker && !row.makerEmail.toLowerCase().includes(q.maker.toLowerCase())) return false;
  if (q.receiver && !(row.receiverKey ?? "").includes(searchKey(q.receiver))) return false;
  if (q.costCentre === NO_COST_CENTRE) return row.costCentreId === null;
  if (q.costCentre && row.costCentreId !== q.costCentre) return false;
  return true;
}

describe.each(TEST_ENGINES)("transfer list totals from the rollup on $name", (engine) => {
  let store: TestStore;
  let seq = 0;
  beforeAll(async () => {
    store = await engine.open();
    await store.db.insert(costCentres).values([
      { id: "cc-ti", code: "TI", name: "Tecnologia" },
      { id: "cc-rh", code: "RH", name: "Pessoas" },
    ]);
  });
  afterAll(async () => {
    await store?.close();
  });

  it("every common filter is answered from a rollup (what this test checks)", () => {
    for (const q of QUERIES) expect(totalsSource(q)).toBe("days");
    for (const q of NAME_QUERIES) expect(totalsSource(q)).toBe("receivers");
    expect(totalsSource({ receiver: "390.533.447" })).toBe("rows");
    expect(totalsSource({ receiver: "silva", createdFrom: DAYS[0] })).toBe("rows");
    expect(totalsSource({ receiver: "silva", maker: "ana" })).toBe("rows");
    expect(totalsSource({ maker: "ana", costCentre: "cc-ti" })).toBe("rows");
  });

  it("equal a full reading after random inserts, state moves, cost-centre changes, deletes and folds", async () => {
    const db = store.db;
    await fc.assert(
      fc.asyncProperty(ops, async (steps) => {
        for (const step of steps) {
          const ids = (await db.select({ id: transferRequests.id }).from(transferRequests).orderBy(transferRequests.id)).map((r) => r.id);
          const chosen = (picks: number[]) => [...new Set(picks.map((p) => ids[p % ids.length]!))];
          if (step.kind === "fold") {
            await foldTotals(db);
          } else if (step.kind === "insert") {
            await db.insert(transferRequests).values(
              step.rows.map((r) => {
                const id = `prop-${++seq}`;
                const at = brazilInstant(DAYS[r.day]!, `${String(Math.floor(r.minute / 60)).padStart(2, "0")}:${String(r.minute % 60).padStart(2, "0")}`)!;
                return {
                  id, idempotentId: id, body: {}, bodyHash: id, valueCents: r.cents, receiverName: NAMES[r.name]!, receiverKey: searchKey(NAMES[r.name]!), receiverDocument: "39053344705",
                  makerId: `m${r.maker}`, makerEmail: MAKERS[r.maker]!, state: "approved", costCentreId: CENTRES[r.centre], createdAt: at, updatedAt: at,
                };
              }),
            );
          } else if (!ids.length) {
            continue;
          } else if (step.kind === "move") {
            await db.update(transferRequests).set({ state: step.state }).where(inArray(transferRequests.id, chosen(step.pick)));
          } else if (step.kind === "centre") {
            await db.update(transferRequests).set({ costCentreId: CENTRES[step.centre] }).where(inArray(transferRequests.id, chosen([step.pick])));
          } else if (step.kind === "delete") {
            await db.delete(transferRequests).where(inArray(transferRequests.id, chosen(step.pick)));
          }
        }
        const rows = await db.select().from(transferRequests);
        for (const q of [...QUERIES, ...NAME_QUERIES]) {
          const expected = rows.filter((r) => matches(r, q));
          const totals = await listTotals(db, q, undefined);
          expect({ q, ...totals }).toEqual({ q, n: expected.length, cents: expected.reduce((s, r) => s + r.valueCents, 0) });
        }
      }),
      { numRuns: 25, seed: 47 },
    );
  });

  it("two folds at once, with inserts and reads meanwhile, count every request once", async () => {
    const db = store.db;
    const batch = (k: number) =>
      db.insert(transferRequests).values(
        Array.from({ length: 5 }, (_, i) => {
          const id = `fold-${k}-${i}`;
          const at = brazilInstant(DAYS[i % DAYS.length]!, "12:00")!;
          return { id, idempotentId: id, body: {}, bodyHash: id, valueCents: 100 + i, receiverName: "R", receiverDocument: "39053344705", makerId: "m0", makerEmail: MAKERS[0]!, state: "paid", costCentreId: null, createdAt: at, updatedAt: at };
        }),
      );
    const reads: Array<{ n: number }> = [];
    await Promise.all([batch(1), foldTotals(db), batch(2), foldTotals(db), listTotals(db, { state: "paid" }, undefined).then((t) => reads.push(t)), batch(3), foldTotals(db)]);
    const rows = (await db.select().from(transferRequests)).filter((r) => r.state === "paid");
    expect(await listTotals(db, { state: "paid" }, undefined)).toEqual({ n: rows.length, cents: rows.reduce((s, r) => s + r.valueCents, 0) });
    // The read made meanwhile saw whole statements: its count is the earlier rows plus 0, 5, 10 or 15.
    expect([0, 5, 10, 15].map((k) => rows.length - 15 + k)).toContain(reads[0]!.n);
  });
});

describe.each(TEST_ENGINES)("audit log totals from the rollup on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
  });
  afterAll(async () => {
    await store?.close();
  });

  it("equal a count of the log, before and after a fold, for whole days, an action or an actor", async () => {
    const db = store.db;
    const append = (actor: string | null, action: string, day: string, count: number) =>
      db.insert(auditLog).values(Array.from({ length: count }, (_, i) => ({ at: brazilInstant(day, `0${i % 10}:30`)!, actorEmail: actor, action, outcome: "success" })));
    await append("ana.lima@empresa.test", "transfer.create", DAYS[0]!, 7);
    await append(null, "transfer.submit", DAYS[1]!, 4);
    await foldTotals(db);
    await append("beto@empresa.test", "transfer.approve", DAYS[1]!, 3);
    await append("ana.lima@empresa.test", "transfer.approve", DAYS[2]!, 2);
    const day = (d: string) => startOfBrazilDay(brazilInstant(d, "12:00")!);
    const queries: Partial<AuditQuery>[] = [
      {},
      { action: "transfer.approve" },
      { actor: "ANA" },
      { from: day(DAYS[1]!), to: day(DAYS[2]!) },
      { actor: "empresa", from: day(DAYS[1]!) },
    ];
    for (const phase of ["before", "after"]) {
      if (phase === "after") await foldTotals(db);
      const all = await db.select().from(auditLog);
      for (const q of queries) {
        const expected = all.filter(
          (r) =>
            (!q.action || r.action === q.action) &&
            (!q.actor || (r.actorEmail ?? "").toLowerCase().includes(q.actor.toLowerCase())) &&
            (!q.from || r.at >= q.from) &&
            (!q.to || r.at < q.to),
        ).length;
        expect({ phase, q, total: (await listAudit(q, db)).total }).toEqual({ phase, q, total: expected });
      }
    }
  });
});
