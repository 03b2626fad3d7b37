import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { transferListQuerySchema } from "../query";
import { insertRequests, listTransfers } from "./store";
import { MAKER, seedTestPeople, transferOf } from "../testing/fixtures";
import { moveTransfers } from "./transition";

/** A program walks the list with `cursor` while transfers keep being created and changed. */
describe.each(TEST_ENGINES)("the transfer list for machines on $name", (engine) => {
  let store: TestStore;
  let n = 0;
  const create = async (count: number, batchTag: string, at = new Date()) => {
    await seedTestPeople(store.db);
    const items = Array.from({ length: count }, () => ({ transfer: transferOf(`cur-${batchTag}-${++n}`), maker: MAKER, submittedBy: MAKER, approvalsRequired: 1, expiresAt: new Date(at.getTime() + 86_400_000) }));
    return store.db.transaction((tx) => insertRequests(tx, items, at));
  };
  beforeAll(async () => {
    store = await engine.open();
  });
  afterAll(() => store?.close());

  it("pages after a cursor hold every request once, whatever is created in between", async () => {
    const base = new Date(Date.now() - 3_600_000);
    // Several share one instant (a batch): the id breaks the tie.
    const before = [...(await create(12, "a", base)), ...(await create(13, "b", new Date(base.getTime() + 1)))];
    const seen: string[] = [];
    let cursor: string | null | undefined;
    for (let page = 0; page < 10; page++) {
      const q = transferListQuerySchema.parse({ limit: "7", ...(cursor ? { cursor } : {}) });
      const list = await listTransfers(store.db, { pageSize: q.limit, cursor: q.cursor });
      seen.push(...list.transfers.map((t) => t.id));
      cursor = list.meta.next_cursor;
      await create(3, `during-${page}`); // newer than everything listed: they go to the top, not into the next page
      if (!cursor) break;
    }
    const old = new Set(before.map((r) => r.id));
    const listedOld = seen.filter((id) => old.has(id));
    expect(new Set(seen).size).toBe(seen.length);
    expect(listedOld.length).toBe(old.size);
  });

  it("updated_since keeps what changed at or after the instant", async () => {
    const [a, b] = await create(2, "u", new Date(Date.now() - 7_200_000));
    const since = new Date(Date.now() - 60_000);
    await store.db.transaction((tx) => moveTransfers(tx, [a!.id], "rejected", { from: ["awaiting_approval"], actor: { id: "x", email: "x@t.example" }, now: new Date() }));
    const q = transferListQuerySchema.parse({ updated_since: since.toISOString() });
    const ids = (await listTransfers(store.db, { updatedSince: new Date(q.updated_since!), pageSize: 200 })).transfers.map((t) => t.id);
    expect(ids).toContain(a!.id);
    expect(ids).not.toContain(b!.id);
  });

  it("a cursor that is not one of ours, or an instant without its offset, is refused", () => {
    expect(transferListQuerySchema.safeParse({ cursor: "bm90LWEtY3Vyc29y" }).success).toBe(false);
    expect(transferListQuerySchema.safeParse({ cursor: "a\u0000b" }).success).toBe(false);
    expect(transferListQuerySchema.safeParse({ updated_since: "2026-12-01T08:00:00" }).success).toBe(false);
    expect(transferListQuerySchema.safeParse({ limit: "201" }).success).toBe(false);
  });
});
