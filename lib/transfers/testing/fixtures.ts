import "server-only";
import { registerTransferSchema, type RegisterTransfer } from "@/lib/contract";
import type { Db } from "@/lib/db";
import type { EngineSettings } from "../engine";
import { createTransferRequest } from "../store";

/** Test support: transfers, makers and settings for engine tests. */
export const MAKER = { id: "maker-1", email: "maker@test.example" };
export const APPROVER = { id: "approver-1", email: "approver@test.example" };
export const APPROVER_2 = { id: "approver-2", email: "approver2@test.example" };

/** A retry is due 30-60 s later: tests make it due by passing a later `now` (see `later`). */
export const TEST_ENGINE: EngineSettings = { maxAttempts: 3, retryBaseMs: 60_000, leaseMs: 5_000 };

let n = 0;
export const newIdempotentId = (what = "t") => `eng-${what}-${Date.now().toString(36)}-${++n}`;

/** A valid transfer (the form's schema), by e-mail key. */
export function transferOf(idempotentId: string, valueCents = 12_345, overrides: Partial<RegisterTransfer> = {}): RegisterTransfer {
  return registerTransferSchema.parse({
    idempotent_id: idempotentId,
    value_cents: valueCents,
    initiation_type: "dict",
    authorized: true,
    receiver_name: "Maria Aparecida dos Santos",
    receiver_document: "39053344705",
    pix_key_type: "email",
    pix_key: "maria.santos@example.com",
    ...overrides,
  });
}

/** A request ready to be submitted (no approval needed). */
export async function approvedRequest(db: Db, idempotentId = newIdempotentId(), valueCents = 12_345, overrides: Partial<RegisterTransfer> = {}) {
  const { transfer } = await createTransferRequest(db, { transfer: transferOf(idempotentId, valueCents, overrides), maker: MAKER, approvalsRequired: 0 });
  return transfer;
}

/** An instant far enough ahead that every retry is due. */
export const later = () => new Date(Date.now() + 60 * 60_000);
