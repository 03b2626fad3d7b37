import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditQuerySchema } from "@/lib/audit/filters";
import { transferListQuerySchema } from "@/lib/transfers/query";
import { listTransfers } from "@/lib/transfers/server/store";
import { listAudit, type AuditPage } from "./audit";
import { decodeCursor, encodeCursor } from "./keyset";
import { auditLog, transferRequests } from "./schema";
import { TEST_ENGINES, type TestStore } from "./test-engines";

/**
 * Keyset pagination: following `next_cursor` from the first page returns every row that existed
 * when it started exactly once, in newest-first order, while other rows are being inserted (newer
 * ones, and ones at the very instant of a page's last row), and never a row twice.
 */
describe("cursor text", () => {
  it("reads back what it wrote, and refuses what it did not", () => {
    const cursor = { micros: "1780000000123456", id: "5f0c7f4e-8c1a-4b7e-9d0e-2a1b3c4d5e6f" };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const forged of ["", "abc", "%%%", btoa("12.a'b"), btoa("x.id"), btoa(".id"), btoa("12."), btoa("12.id\u0000"), "A".repeat(200)]) {
      expect(decodeCursor(forged)).toBeNull();
    }
  });

  it("a forged cursor is a 4xx field error of the list's query, in the caller's words", () => {
    const transfers = transferListQuerySchema.safeParse({ cursor: btoa("1.drop table") });
    expect(transfers.success).toBe(false);
    expect(transfers.error?.issues[0]).toMatchObject({ path: ["cursor"], message: "validation.transfers.cursor" });
    const audit = auditQuerySchema.safeParse({ cursor: "not a cursor" });
    expect(audit.success).toBe(false);
    expect(audit.error?.issues[0]).toMatchObject({ path: ["cursor"], message: "validation.audit.cursor" });
  });
});

describe.each(TEST_ENGINES)("keyset pages on $name", (engine) => {
  let store: TestStore;
  const base = Date.parse("2030-03-10T12:00:00Z");
  beforeAll(async () => {
    store = await engine.open();
  });
  afterAll(async () => {
    await store?.close();
  });

  const request = (id: string, at: Date) => ({
    id, idempotentId: id, body: {}, bodyHash: id, valueCents: 100, receiverName: "Recebedor", receiverDocument: "39053344705",
    makerId: "m", makerEmail: "m@empresa.test", state: "approved", createdAt: at, updatedAt: at,
  });

  it("transfer list: every request once while others are inserted", async () => {
    // 130 requests; groups of three share one instant (the id decides among them).
    const before = Array.from({ length: 130 }, (_, i) => request(`k-${String(i).padStart(4, "0")}`, new Date(base + Math.floor(i / 3) * 1000)));
    await store.db.insert(transferRequests).values(before);
    const seen: string[] = [];
    let cursor = undefined as ReturnType<typeof decodeCursor> | undefined;
    for (let page = 0; page < 20; page++) {
      const last = seen.at(-1);
      const lastAt = last ? before.find((r) => r.id === last)!.createdAt : new Date(base);
      // Meanwhile: a newer request, and one at the last row's very instant on either side of its id.
      const [list] = await Promise.all([
        listTransfers(store.db, { pageSize: 25, cursor: cursor ?? undefined }),
        store.db.insert(transferRequests).values([
          request(`new-${page}`, new Date(base + 10_000_000 + page)),
          request(`k-${last ?? "0000"}-a${page}`, lastAt),
        ]),
      ]);
      seen.push(...list.transfers.map((t) => t.id));
      if (!list.meta.next_cursor) break;
      cursor = decodeCursor(list.meta.next_cursor);
    }
    const original = seen.filter((id) => /^k-\d{4}$/.test(id));
    expect(new Set(seen).size).toBe(seen.length);
    expect(original).toEqual(before.map((r) => r.id).reverse());
  });

  it("audit log: every entry once while others are appended", async () => {
    const at = (i: number) => new Date(base + Math.floor(i / 4) * 1000);
    const inserted = await store.db
      .insert(auditLog)
      .values(Array.from({ length: 110 }, (_, i) => ({ at: at(i), actorEmail: "ana@empresa.test", action: "transfer.create", target: `t-${i}`, outcome: "success" })))
      .returning({ id: auditLog.id });
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 20; page++) {
      const [list]: [AuditPage, unknown] = await Promise.all([
        listAudit({ pageSize: 20, actor: "ana", cursor: cursor ? decodeCursor(cursor)! : undefined }, store.db),
        store.db.insert(auditLog).values({ at: new Date(base + 10_000_000 + page), actorEmail: "ana@empresa.test", action: "transfer.create", outcome: "success" }),
      ]);
      seen.push(...list.entries.map((e) => e.id));
      cursor = list.nextCursor;
      if (!cursor) break;
    }
    const originals = new Set(inserted.map((r) => Number(r.id)));
    expect(new Set(seen).size).toBe(seen.length);
    // Newest first: by instant, then by id.
    const expected = inserted.map((r, i) => ({ id: Number(r.id), at: at(i).getTime() })).sort((a, b) => b.at - a.at || b.id - a.id).map((r) => r.id);
    expect(seen.filter((id) => originals.has(id))).toEqual(expected);
  });
});
