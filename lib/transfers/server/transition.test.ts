import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transferRequests } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { approvedRequest } from "../testing/fixtures";
import { moveTransfer } from "./transition";

/**
 * The one place a state changes records a worker's answer only while the claim is still that
 * worker's: a superseded worker's late FINAL answer (a refusal, a read-back that found it paid)
 * goes through moveTransfers, not the one-statement form, so it is held here too.
 */
describe.each(TEST_ENGINES)("moveTransfers and the claim on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
  });
  afterAll(() => store?.close());

  it("a superseded worker's final answer is dropped: the request stays with whoever holds the claim now (kills: moveTransfers without its claim check)", async () => {
    const row = await approvedRequest(store.db);
    await store.db.update(transferRequests).set({ state: "submitting", claimToken: "the-new-worker" }).where(eq(transferRequests.id, row.id));
    const late = await store.db.transaction((tx) =>
      moveTransfer(tx, row.id, "refused", { from: ["submitting"], claimToken: "the-old-worker", outcome: { kind: "refused", http_status: 422, message: "no" } }),
    );
    expect(late).toMatchObject({ moved: false, reason: "claim", current: "submitting" });
    const [after] = await store.db.select().from(transferRequests).where(eq(transferRequests.id, row.id));
    expect(after).toMatchObject({ state: "submitting", claimToken: "the-new-worker", outcome: null });
    const mine = await store.db.transaction((tx) =>
      moveTransfer(tx, row.id, "refused", { from: ["submitting"], claimToken: "the-new-worker", outcome: { kind: "refused", http_status: 422, message: "no" } }),
    );
    expect(mine).toMatchObject({ moved: true });
  });
});
