import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { rowsOf } from "./raw";
import { seedScale } from "./seed-scale";
import { TEST_ENGINES, type TestStore } from "./test-engines";

/**
 * The seed the store-at-scale figures are measured on (docs/STORE-AT-SCALE.md) models a company
 * that grows older, not bigger: its size is its age at `perDay` a day, and what waits for a
 * person (two days of requests on their way, a week of unhandled problems) is the same at every
 * size. If it drifted back to "a year whatever the size", the queues would grow with the size and
 * the bench would measure a bigger company instead.
 */
const NOW = new Date("2026-11-30T15:00:00Z");
const DAY_MS = 86_400_000;
const ON_THEIR_WAY = ["awaiting_approval", "approved", "registered", "scheduled", "submitting"];

const pglite = TEST_ENGINES.find((e) => e.name === "pglite")!;

type Shape = { n: number; oldestDaysAgo: number; onTheirWay: number; unhandled: number; attention: number };

async function shapeOf(store: TestStore): Promise<Shape> {
  const [row] = rowsOf<{ n: string; oldest: Date | string; way: string; unhandled: string; attention: string }>(
    await store.db.execute(sql`select count(*) as n, min(created_at) as oldest,
      count(*) filter (where state in (${sql.join(ON_THEIR_WAY.map((s) => sql`${s}`), sql`, `)})) as way,
      count(*) filter (where state in ('refused','provider_canceled','failed','outcome_unknown','held') and attention_handled_at is null) as unhandled,
      count(*) filter (where state in ('refused','provider_canceled','failed','outcome_unknown','held')) as attention
      from transfer_requests`),
  );
  return {
    n: Number(row!.n),
    oldestDaysAgo: Math.round(((NOW.getTime() - new Date(row!.oldest).getTime()) / DAY_MS) * 100) / 100,
    onTheirWay: Number(row!.way),
    unhandled: Number(row!.unhandled),
    attention: Number(row!.attention),
  };
}

describe("seed:scale on pglite: a company's size is its age", () => {
  const stores: TestStore[] = [];
  afterAll(async () => {
    for (const store of stores) await store.close();
  });
  const seeded = async (transfers: number, perDay: number) => {
    const store = await pglite.open();
    stores.push(store);
    await seedScale(store.db, { transfers, now: NOW, perDay });
    return shapeOf(store);
  };

  it("3,000 requests at 1,000 a day: three days old, its last two days on their way, every problem of its first week unhandled", async () => {
    const shape = await seeded(3_000, 1_000);
    expect(shape).toMatchObject({ n: 3_000, oldestDaysAgo: 3, onTheirWay: 2_000 });
    expect(shape.unhandled).toBe(shape.attention);
  }, 60_000);

  it("the same company older (9,000 requests): the same two days on their way, only a week's problems unhandled", async () => {
    const shape = await seeded(9_000, 1_000);
    expect(shape).toMatchObject({ n: 9_000, oldestDaysAgo: 9, onTheirWay: 2_000 });
    expect(shape.unhandled).toBeLessThan(shape.attention);
  }, 60_000);

  it("past a year, the year holds more a day", async () => {
    const shape = await seeded(1_000, 2);
    expect(shape).toMatchObject({ n: 1_000, onTheirWay: Math.round((2 * 1_000) / 365) });
    // The first request is one request's share of the span after its start (a day's third here).
    expect(shape.oldestDaysAgo).toBeGreaterThan(364);
    expect(shape.oldestDaysAgo).toBeLessThanOrEqual(365);
  }, 60_000);
});
