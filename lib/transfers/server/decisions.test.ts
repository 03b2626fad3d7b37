import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setStoreForTests } from "@/lib/db";
import { approvals, auditLog, transferRequests } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { DEFAULT_POLICY } from "../policy";
import { createTransfer } from "./create";
import { approveTransfer, cancelTransfer, rejectTransfer } from "./service";
import { insertRequests } from "./store";
import { APPROVER, APPROVER_2, MAKER, newIdempotentId, transferOf } from "../testing/fixtures";

/** The audit log can be made to fail for one action: what it records must then not happen at all. */
const failing = vi.hoisted(() => ({ action: null as string | null }));
vi.mock("@/lib/db/audit", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/db/audit")>();
  return {
    ...real,
    recordAudit: async (...args: Parameters<typeof real.recordAudit>) => {
      if (args[0].action === failing.action) throw new real.AuditUnavailableError(args[0].action);
      return real.recordAudit(...args);
    },
  };
});

const ADMIN = { id: "admin-1", email: "admin@test.example" };
let cpf = 0;
/** A receiver document nobody in this file paid before (valid CPFs from a list). */
const RECEIVERS = ["52998224725", "11144477735", "39053344705", "15350946056", "06184387006", "73896327631"];
const receiver = () => RECEIVERS[cpf++ % RECEIVERS.length]!;

describe.each(TEST_ENGINES)("who may decide, and what splitting does, on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await store?.close();
  });

  const waiting = async (o: { maker?: typeof MAKER; submittedBy?: typeof MAKER; needed?: number; expiresAt?: Date } = {}) => {
    const now = new Date();
    const [row] = await store.db.transaction((tx) =>
      insertRequests(
        tx,
        [
          {
            transfer: transferOf(newIdempotentId("decide"), 250_000, { receiver_document: receiver() }),
            maker: o.maker ?? MAKER,
            submittedBy: o.submittedBy ?? o.maker ?? MAKER,
            approvalsRequired: o.needed ?? 1,
            expiresAt: o.expiresAt ?? new Date(now.getTime() + 3_600_000),
          },
        ],
        now,
      ),
    );
    return row!;
  };
  const refusals = async (idOrTarget: string) =>
    (await store.db.select().from(auditLog).where(and(eq(auditLog.target, idOrTarget), eq(auditLog.outcome, "refused"))).orderBy(auditLog.id)).map((a) => [
      a.action,
      a.actorId,
      (a.detail as { code: string }).code,
    ]);

  it("nobody approves what they made, nor what they submitted; each refusal is audited with who, what and why", async () => {
    const own = await waiting();
    await expect(approveTransfer(store.db, own.id, MAKER)).rejects.toMatchObject({ code: "own_request" });
    // An admin who submitted an operator's request (a batch's submitter) is not its checker either.
    const submitted = await waiting({ maker: MAKER, submittedBy: ADMIN });
    await expect(approveTransfer(store.db, submitted.id, ADMIN)).rejects.toMatchObject({ code: "own_request", key: "transfers.errors.submittedByYou" });
    await expect(rejectTransfer(store.db, submitted.id, ADMIN, "no")).rejects.toMatchObject({ code: "own_request" });
    expect(await refusals(own.id)).toEqual([["transfer.approve", MAKER.id, "own_request"]]);
    expect(await refusals(submitted.id)).toEqual([
      ["transfer.approve", ADMIN.id, "own_request"],
      ["transfer.reject", ADMIN.id, "own_request"],
    ]);
    expect((await store.db.select().from(approvals).where(eq(approvals.transferId, own.id))).length).toBe(0);
  });

  it("one person counts once: a second approval by the same account is refused (409) and changes nothing", async () => {
    const row = await waiting({ needed: 2 });
    expect(await approveTransfer(store.db, row.id, APPROVER)).toMatchObject({ approved: false });
    await expect(approveTransfer(store.db, row.id, APPROVER)).rejects.toMatchObject({ code: "already_approved" });
    expect((await store.db.select().from(approvals).where(eq(approvals.transferId, row.id))).length).toBe(1);
    expect(await approveTransfer(store.db, row.id, APPROVER_2)).toMatchObject({ approved: true });
  });

  it("past its deadline a request cannot be approved, even before the reconciler marked it expired", async () => {
    const row = await waiting({ expiresAt: new Date(Date.now() - 1_000) });
    await expect(approveTransfer(store.db, row.id, APPROVER)).rejects.toMatchObject({ code: "expired" });
    const after = (await store.db.select().from(transferRequests).where(eq(transferRequests.id, row.id)))[0]!;
    expect(after.state).toBe("awaiting_approval");
    expect(await refusals(row.id)).toEqual([["transfer.approve", APPROVER.id, "expired"]]);
  });

  it("an approval and its audit row are one: when the audit cannot be written, the approval did not happen", async () => {
    const row = await waiting();
    failing.action = "transfer.approve";
    try {
      await expect(approveTransfer(store.db, row.id, APPROVER)).rejects.toMatchObject({ name: "AuditUnavailableError" });
    } finally {
      failing.action = null;
    }
    const after = (await store.db.select().from(transferRequests).where(eq(transferRequests.id, row.id)))[0]!;
    expect(after.state).toBe("awaiting_approval");
    expect((await store.db.select().from(approvals).where(eq(approvals.transferId, row.id))).length).toBe(0);
  });

  it("splitting does not dodge approval: 20 x R$ 999,99 to one receiver in a minute need what their 24-hour sum needs", async () => {
    const document = "86288366757";
    const maker = { id: `splitter-${engine.name}`, email: "splitter@test.example", ip: null };
    const needed: number[] = [];
    for (let i = 0; i < 20; i++) {
      const { transfer } = await createTransfer(store.db, null, {
        transfer: transferOf(newIdempotentId("split"), 99_999, { receiver_document: document }),
        maker,
        policy: DEFAULT_POLICY,
      });
      needed.push(transfer.approvalsRequired);
    }
    // R$ 999,99 alone needs none; from the 2nd the sum passes R$ 1.000,00 (one), from the 11th R$ 10.000,00 (two).
    expect(needed).toEqual([0, ...Array(9).fill(1), ...Array(10).fill(2)]);
    // Another destination (another document and another key) starts from zero; another maker's sum is their own.
    const other = await createTransfer(store.db, null, {
      transfer: transferOf(newIdempotentId("split"), 99_999, { receiver_document: "74133318021", pix_key: "someone.else@example.com" }),
      maker,
      policy: DEFAULT_POLICY,
    });
    expect(other.transfer.approvalsRequired).toBe(0);
    const someoneElse = await createTransfer(store.db, null, {
      transfer: transferOf(newIdempotentId("split"), 99_999, { receiver_document: document }),
      maker: { id: `other-${engine.name}`, email: "other@test.example", ip: null },
      policy: DEFAULT_POLICY,
    });
    expect(someoneElse.transfer.approvalsRequired).toBe(0);
    // The audit row of the creation says why it needs more than its amount.
    const create = await store.db.select().from(auditLog).where(and(eq(auditLog.action, "transfer.create"), eq(auditLog.actorId, maker.id))).orderBy(auditLog.id);
    expect(create.at(-2)?.detail).toMatchObject({ approval_need: { window_applies: true, by_amount: 0, approvals: 2 } });
  });

  it("a request whose POST once left is never canceled as 'nothing sent', even after a retry reset its attempts (kills: 'nothing sent yet' read from the attempts alone)", async () => {
    const row = await waiting({ needed: 0 });
    await store.db.update(transferRequests).set({ state: "approved", attempts: 0, lastPostAt: new Date() }).where(eq(transferRequests.id, row.id));
    await expect(cancelTransfer(store.db, row.id, MAKER, null)).rejects.toMatchObject({ code: "illegal_state", key: "transfers.errors.alreadySending" });
    const [after] = await store.db.select().from(transferRequests).where(eq(transferRequests.id, row.id));
    expect(after!.state).toBe("approved");
  });
});
