import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, transferEvents, transferRequests } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { createEventBus, type EventBus } from "@/lib/events/bus";
import type { TransferChange } from "../live-channel";
import { moveAtOnce } from "./move-at-once";
import { approvedRequest } from "../testing/fixtures";

/**
 * The engine's one-statement move (claim and record of a submission): the request, its timeline
 * event, its audit row and the announcement to every instance change together, or not at all.
 */
describe.each(TEST_ENGINES)("a move in one statement, on $name", (engine) => {
  let store: TestStore;
  let bus: EventBus;
  const heard: TransferChange[] = [];
  beforeAll(async () => {
    store = await engine.open();
    const url = "url" in store.location ? store.location.url : undefined;
    bus = await createEventBus({ db: store.db, databaseUrl: url, pglite: store.pglite ?? undefined });
    bus.subscribeTransfers((change) => void heard.push(change));
  });
  afterAll(async () => {
    await bus?.close();
    await store?.close();
  });

  const eventsOf = (id: string) => store.db.select().from(transferEvents).where(eq(transferEvents.transferId, id)).orderBy(transferEvents.id);
  const auditOf = (target: string) => store.db.select().from(auditLog).where(eq(auditLog.target, target));

  it("moves the request, appends its event and audit row, and announces it", async () => {
    const row = await approvedRequest(store.db);
    const now = new Date();
    const moved = await moveAtOnce(
      store.db,
      row.id,
      "submitting",
      {
        from: ["approved", "outcome_unknown"],
        now,
        set: { claimToken: "token-1" },
        audit: { action: "transfer.submit", target: row.idempotentId, outcome: "submitting", detail: { transfer_id: row.id } },
      },
      ["valueCents", "body"],
    );
    expect(moved).toMatchObject({ id: row.id, state: "submitting", fromState: "approved", valueCents: row.valueCents, attempts: 0 });
    expect(moved?.body).toEqual(row.body);
    // Only what was asked for comes back (besides what every move needs).
    expect(moved).not.toHaveProperty("receiverDocument");

    const [stored] = await store.db.select().from(transferRequests).where(eq(transferRequests.id, row.id));
    expect(stored).toMatchObject({ state: "submitting", claimToken: "token-1" });
    expect(stored!.updatedAt.getTime()).toBe(now.getTime());
    const events = await eventsOf(row.id);
    expect(events.map((e) => [e.fromState, e.toState])).toEqual([
      [null, "approved"],
      ["approved", "submitting"],
    ]);
    expect(await auditOf(row.idempotentId)).toEqual([expect.objectContaining({ action: "transfer.submit", outcome: "submitting", detail: { transfer_id: row.id, attempt: 0 } })]);
    // A move is not the making of the request: `created` is false.
    await expect.poll(() => heard.find((c) => c.id === row.id)).toEqual({ id: row.id, state: "submitting", idempotent_id: row.idempotentId, batch_id: null, awaiting: false, created: false });
  });

  it("leaves a request alone when it is not in an expected state, is claimed by another, or fails the condition", async () => {
    const row = await approvedRequest(store.db);
    const audit = { action: "transfer.submit" as const, target: row.idempotentId, outcome: "x" };
    expect(await moveAtOnce(store.db, row.id, "submitting", { from: ["outcome_unknown"], audit })).toBeNull();
    expect(await moveAtOnce(store.db, row.id, "submitting", { from: ["approved"], where: sql`false`, audit })).toBeNull();
    await moveAtOnce(store.db, row.id, "submitting", { from: ["approved"], set: { claimToken: "mine" } });
    expect(await moveAtOnce(store.db, row.id, "registered", { from: ["submitting"], claimToken: "theirs", audit })).toBeNull();
    expect(await moveAtOnce(store.db, "no-such-request", "submitting", { from: ["approved"], audit })).toBeNull();

    const [stored] = await store.db.select().from(transferRequests).where(eq(transferRequests.id, row.id));
    expect(stored).toMatchObject({ state: "submitting", claimToken: "mine" });
    expect((await eventsOf(row.id)).map((e) => e.toState)).toEqual(["approved", "submitting"]);
    expect(await auditOf(row.idempotentId)).toEqual([]);
  });

  it("refuses a move the state machine forbids, and one its batch's state depends on", async () => {
    const row = await approvedRequest(store.db);
    await expect(moveAtOnce(store.db, row.id, "paid", { from: ["approved"] })).rejects.toThrow(/cannot go from approved to paid/);
    // A final state counts in its batch's state: that move takes the locked, transactional path.
    await expect(moveAtOnce(store.db, row.id, "failed", { from: ["submitting"] })).rejects.toThrow(/moveTransfers/);
    const [stored] = await store.db.select().from(transferRequests).where(eq(transferRequests.id, row.id));
    expect(stored!.state).toBe("approved");
  });
});
