import "server-only";
import { registerTransferSchema, type RegisterTransfer } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { authUser } from "@/lib/db/schema";
import type { EngineSettings } from "../server/engine";
import type { ApprovalPolicy } from "../policy";
import { saveApprovalPolicy } from "../server/policy-store";
import { insertRequests } from "../server/store";

/** Test support: transfers, makers and settings for engine tests. */
export const MAKER = { id: "maker-1", email: "maker@test.example" };
export const APPROVER = { id: "approver-1", email: "approver@test.example" };
export const APPROVER_2 = { id: "approver-2", email: "approver2@test.example" };

/**
 * The fixtures' people as accounts of the store, active, with their roles: the send-time check
 * (lib/transfers/send-check.ts) holds a request whose maker is not an active account, and counts
 * only approvals of people who hold `approve`. Idempotent.
 */
export async function seedTestPeople(db: Db, people: ReadonlyArray<{ id: string; role?: string }> = []): Promise<void> {
  const all = [{ ...MAKER, role: "operator" }, { ...APPROVER, role: "approver" }, { ...APPROVER_2, role: "approver" }, ...people];
  // Keyed by id (what the rules read); the e-mail is the id's own, so a test's own accounts never collide with these.
  await db
    .insert(authUser)
    .values(all.map((p) => ({ id: p.id, email: `${p.id}@people.seed`, name: p.id, role: p.role ?? "operator" })))
    .onConflictDoNothing();
}

/**
 * A retry is due 30-60 s later, an unknown outcome may be sent again 10 minutes after its POST:
 * tests make them due by passing a later `now` (see `later`), never by waiting.
 */
export const TEST_ENGINE_SETTINGS: EngineSettings = { maxAttempts: 3, retryBaseMs: 60_000, leaseMs: 5_000, settleHorizonMs: 600_000, sendAuthorized: true };

let n = 0;
export const newIdempotentId = (what = "t") => `eng-${what}-${Date.now().toString(36)}-${++n}`;

/** A valid transfer (the form's schema), by e-mail key. */
export function transferOf(idempotentId: string, valueCents = 12_345, overrides: Partial<RegisterTransfer> = {}): RegisterTransfer {
  return registerTransferSchema.parse({
    idempotent_id: idempotentId,
    value_cents: valueCents,
    initiation_type: "dict",
    receiver_name: "Maria Aparecida dos Santos",
    receiver_document: "39053344705",
    pix_key_type: "email",
    pix_key: "maria.santos@example.com",
    ...overrides,
  });
}

/** A request ready to be submitted (no approval needed). */
export async function approvedRequest(db: Db, idempotentId = newIdempotentId(), valueCents = 12_345, overrides: Partial<RegisterTransfer> = {}) {
  return createRequest(db, transferOf(idempotentId, valueCents, overrides), 0);
}

/** A request written straight to the store (no policy, no audit): what the engine tests start from. */
export async function createRequest(db: Db, transfer: RegisterTransfer, approvalsRequired: number, maker = MAKER) {
  await seedTestPeople(db, [maker]);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + 24 * 3_600_000);
  const [row] = await db.transaction((tx) => insertRequests(tx, [{ transfer, maker, submittedBy: maker, approvalsRequired, expiresAt }], now));
  if (!row) throw new Error(`a request with id ${transfer.idempotent_id} exists already`);
  return row;
}

/** An instant far enough ahead that every retry is due. */
export const later = () => new Date(Date.now() + 60 * 60_000);

/**
 * Puts `policy` in force in the store, as an admin would: the engine checks every request against
 * the policy in force when it sends it, not against the one a test passed when making it.
 */
export async function usePolicy(db: Db, policy: ApprovalPolicy): Promise<void> {
  await saveApprovalPolicy(db, policy, { id: "policy-admin", email: "policy-admin@test.example" }, null);
}
