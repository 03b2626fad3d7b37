import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { charges } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { chargeListQuerySchema } from "./query";
import { listCharges } from "./store";
import { moveCharge } from "./transition";

/** A program walks the charge list with `cursor` and `updated_since` while charges keep being made and paid. */
describe.each(TEST_ENGINES)("the charge list for machines on $name", (engine) => {
  let store: TestStore;
  let n = 0;
  /** `count` charges awaiting payment, all created at `at` (ties are broken by id). */
  const create = async (count: number, at = new Date()) => {
    const rows = Array.from({ length: count }, () => {
      const ref = `CUR-${engine.name}-${++n}`;
      return {
        id: randomUUID(),
        externalReference: ref,
        kind: "qrcode",
        valueCents: 1_000 + n,
        payerName: "Ana Souza",
        payerKey: "ana souza",
        payerDocument: "52998224725",
        dueDate: "2026-12-31",
        expiresAt: new Date("2027-01-01T02:59:59Z"),
        state: "awaiting_payment",
        referenceCode: ref,
        makerId: "u-maker",
        makerEmail: "maker@test.example",
        createdAt: at,
        updatedAt: at,
      };
    });
    await store.db.insert(charges).values(rows);
    return rows.map((r) => r.id);
  };
  const page = async (raw: Record<string, string>) => {
    const q = chargeListQuerySchema.parse(raw);
    return listCharges(store.db, q);
  };
  beforeAll(async () => {
    store = await engine.open();
  });
  afterAll(() => store?.close());

  it("pages after a cursor hold every charge once, whatever is created in between", async () => {
    const base = new Date(Date.now() - 3_600_000);
    // Many share one instant (an import): the id breaks the tie.
    const before = [...(await create(12, base)), ...(await create(13, new Date(base.getTime() + 1)))];
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 20; i++) {
      const list = await page({ limit: "7", ...(cursor ? { cursor } : {}) });
      expect(list.charges.length).toBeLessThanOrEqual(7);
      seen.push(...list.charges.map((c) => c.id));
      cursor = list.meta.next_cursor;
      await create(3); // newer than everything listed: they go to the top, not into the next page
      if (!cursor) break;
    }
    expect(cursor).toBeNull();
    expect(new Set(seen).size).toBe(seen.length);
    const listed = new Set(seen);
    expect(before.filter((id) => !listed.has(id))).toEqual([]);
  });

  it("a cursor page is the same as the page number it replaces when nothing changed", async () => {
    const first = await page({ limit: "5" });
    const second = await page({ limit: "5", cursor: first.meta.next_cursor! });
    const byNumber = await page({ limit: "5", page: "2" });
    expect(second.charges.map((c) => c.id)).toEqual(byNumber.charges.map((c) => c.id));
    expect(second.meta.total).toBe(first.meta.total);
  });

  it("updated_since keeps what changed at or after the instant", async () => {
    const [paid, untouched] = await create(2, new Date(Date.now() - 7_200_000));
    const since = new Date(Date.now() - 60_000);
    const moved = await store.db.transaction((tx) => moveCharge(tx, paid!, "paid", { from: ["awaiting_payment"], set: { paidAt: new Date() }, now: new Date() }));
    expect(moved.moved).toBe(true);
    const ids = (await page({ updated_since: since.toISOString(), limit: "200" })).charges.map((c) => c.id);
    expect(ids).toContain(paid);
    expect(ids).not.toContain(untouched);
  });

  it("a cursor that is not one of ours, an instant without its offset or a limit past 200 is refused", () => {
    expect(chargeListQuerySchema.safeParse({ cursor: "bm90LWEtY3Vyc29y" }).success).toBe(false);
    expect(chargeListQuerySchema.safeParse({ cursor: "a\u0000b" }).success).toBe(false);
    expect(chargeListQuerySchema.safeParse({ updated_since: "2026-12-01T08:00:00" }).success).toBe(false);
    expect(chargeListQuerySchema.safeParse({ limit: "201" }).success).toBe(false);
    expect(chargeListQuerySchema.safeParse({ limit: "0" }).success).toBe(false);
  });
});
