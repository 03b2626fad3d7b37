import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transferRequests } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { createReceiver, updateReceiver } from "@/lib/receivers/service";
import { receiverInputSchema } from "@/lib/receivers/schema";
import { addBrazilDays, brazilDayKey } from "@/lib/pix/time";
import { createTransfer } from "./create";
import { getTransfer } from "./store";
import { MAKER, newIdempotentId, transferOf } from "../testing/fixtures";

/**
 * What the approver's view says about the receiver: the saved receiver and since when, earlier
 * requests to the same document, a name that differs from theirs (accents and case aside), and
 * a series' occurrences.
 */
const NO_APPROVALS = { tiers: [{ from_cents: 0, approvals: 0 }], expiry_hours: 24 };
const ONE_APPROVAL = { tiers: [{ from_cents: 0, approvals: 1 }], expiry_hours: 24 };
const maker = { ...MAKER, ip: null };

describe.each(TEST_ENGINES)("the receiver check on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
  });
  afterAll(() => store?.close());

  const make = async (name: string, document: string, o: { receiverId?: string; at?: Date; policy?: typeof NO_APPROVALS; pixKey?: string } = {}) => {
    const { transfer } = await createTransfer(store.db, null, {
      transfer: transferOf(newIdempotentId("rc"), 1_000, { receiver_name: name, receiver_document: document, ...(o.pixKey ? { pix_key: o.pixKey } : {}) }),
      maker,
      policy: o.policy ?? ONE_APPROVAL,
      now: o.at,
      payable: { receiverId: o.receiverId ?? null },
    });
    return (await getTransfer(store.db, transfer.id))!;
  };

  it("a first payment: no earlier request, not saved", async () => {
    const detail = await make("Carla Dias", "52998224725");
    expect(detail.receiver_check).toEqual({ saved: null, earlier: 0, other_names: [] });
  });

  it("the same name again, accents and case aside: counted, not flagged; another name for the document: flagged with it", async () => {
    const document = "86288366757";
    await make("Márcia Conceição", document, { at: new Date(Date.now() - 3_000) });
    const same = await make("MARCIA CONCEICAO", document, { at: new Date(Date.now() - 2_000) });
    expect(same.receiver_check).toMatchObject({ earlier: 1, other_names: [] });
    const other = await make("Roberto Nunes", document);
    expect(other.receiver_check.earlier).toBe(2);
    expect(other.receiver_check.other_names).toEqual(["MARCIA CONCEICAO"]);
  });

  it("a rejected or canceled earlier request is no earlier payment", async () => {
    const document = "11222333000181";
    const old = await make("Outra Empresa Ltda", document, { at: new Date(Date.now() - 5_000) });
    await store.db.update(transferRequests).set({ state: "canceled" }).where(eq(transferRequests.id, old.id));
    expect((await make("Empresa Certa Ltda", document)).receiver_check).toMatchObject({ earlier: 0, other_names: [] });
  });

  it("made from a saved receiver: its nickname and since when", async () => {
    const saved = await createReceiver(
      store.db,
      receiverInputSchema.parse({ nickname: "Fornecedor Beta", receiver_name: "Beta Ltda", receiver_document: "39053344705", initiation_type: "dict", pix_key_type: "email", pix_key: "beta@example.com" }),
      maker,
    );
    const detail = await make("Beta Ltda", "39053344705", { receiverId: saved.id, pixKey: "beta@example.com" });
    expect(detail.receiver_id).toBe(saved.id);
    expect(detail.receiver_check.saved).toEqual({ id: saved.id, nickname: "Fornecedor Beta", since: saved.created_at, destination_changed: null });
  });

  it("a saved receiver re-pointed to another key: the approver reads when and by whom, and a transfer must go where it now points", async () => {
    const saved = await createReceiver(
      store.db,
      receiverInputSchema.parse({ nickname: "Fornecedor Gama", receiver_name: "Gama Ltda", receiver_document: "39053344705", initiation_type: "dict", pix_key_type: "email", pix_key: "gama@example.com" }),
      maker,
    );
    const changedAt = new Date(Date.now() + 60_000);
    await updateReceiver(store.db, saved.id, { pix_key: "gama.novo@example.com" }, maker, changedAt);
    // The old key is no longer this saved receiver's: a transfer to it cannot claim to be "saved".
    await expect(make("Gama Ltda", "39053344705", { receiverId: saved.id, pixKey: "gama@example.com" })).rejects.toMatchObject({ key: "validation.receiver.otherDestination" });
    const detail = await make("Gama Ltda", "39053344705", { receiverId: saved.id, pixKey: "gama.novo@example.com" });
    expect(detail.receiver_check.saved).toEqual({ id: saved.id, nickname: "Fornecedor Gama", since: saved.created_at, destination_changed: { at: changedAt.toISOString(), by: maker.email } });
  });

  it("an occurrence of a series shows the series: every occurrence in day order, with its state", async () => {
    const first = brazilDayKey(addBrazilDays(new Date(), 2));
    const { transfer } = await createTransfer(store.db, null, {
      transfer: transferOf(newIdempotentId("series"), 2_000),
      maker,
      policy: NO_APPROVALS,
      payable: { scheduledFor: first, recurrence: { every: "week", count: 3 } },
    });
    const detail = (await getTransfer(store.db, transfer.id))!;
    expect(detail.series).toMatchObject({ every: "week", count: 3, stopped_at: null, maker: { id: MAKER.id } });
    expect(detail.series!.occurrences.map((o) => o.state)).toEqual(["scheduled", "scheduled", "scheduled"]);
    expect(detail.series!.occurrences[0]!.scheduled_for).toBe(first);
    expect(detail.series!.occurrences[2]!.scheduled_for).toBe(brazilDayKey(addBrazilDays(new Date(), 16)));
  });
});
