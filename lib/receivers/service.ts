import "server-only";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { ZodType } from "zod";
import type { Db, Tx } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { receivers, type ReceiverRow } from "@/lib/db/schema";
import { destinationKey } from "@/lib/transfers/destination";
import { auditingRefusals } from "@/lib/transfers/server/service";
import { ApiError } from "@/lib/http/api-error";
import type { Actor } from "@/lib/domain/actor";
import { receiverInputSchema, type ReceiverFields, type ReceiverPatch } from "./schema";
import { receiverMatches } from "./search";
import { activeReceivers, findReceiver, nicknameHolder, toColumns, toInput, toSavedReceiver } from "./store";
import type { SavedReceiver } from "./types";

/**
 * Saved receivers: created, changed and deleted by the people who make transfers, each change
 * and its audit row in one transaction. Nicknames are unique among the active receivers, accents
 * and case aside; one lock orders the changes that could take the same nickname at once.
 */

/** The active saved receivers matching `q` (lib/receivers/search.ts), by nickname, at most `limit`. */
export async function listReceivers(db: Db, options: { q?: string; limit?: number } = {}): Promise<SavedReceiver[]> {
  const all = (await activeReceivers(db)).map(toSavedReceiver);
  const found = options.q ? all.filter((r) => receiverMatches(r, options.q!)) : all;
  return found.slice(0, options.limit ?? found.length);
}

export async function createReceiver(db: Db, fields: ReceiverFields, actor: Actor, now = new Date()): Promise<SavedReceiver> {
  return db.transaction(async (tx) => {
    await lockNicknames(tx);
    await refuseTakenNickname(tx, fields.nickname);
    const [row] = await tx
      .insert(receivers)
      .values({ id: randomUUID(), ...toColumns(fields), createdById: actor.id, createdByEmail: actor.email, createdAt: now, updatedAt: now })
      .returning();
    await recordAudit({ actor, action: "receiver.create", target: row!.id, outcome: "created", detail: { ...fields }, ip: actor.ip ?? null }, tx);
    return toSavedReceiver(row!);
  });
}

/** Who is changing a saved receiver, and whether they are an admin (who may change anyone's). */
type Editor = Actor & { isAdmin?: boolean };

/**
 * A change of some fields: the receiver it leaves must pass the whole schema (a key type changed
 * needs a key of that type). Only its creator or an admin may change it (a maker re-pointing a
 * colleague's receiver to their own key would ride on its "saved since"); a change of where the
 * money goes (key or account) is dated and named, and the approver is told.
 */
export async function updateReceiver(db: Db, id: string, patch: ReceiverPatch, actor: Editor, now = new Date()): Promise<SavedReceiver> {
  return auditingRefusals(db, "receiver.update", id, actor, () => db.transaction(async (tx) => {
    await lockNicknames(tx);
    const before = await findReceiver(tx, id, { forUpdate: true });
    if (!before) throw new ApiError("not_found", "validation.receiver.unknown");
    refuseUnlessOwner(before, actor);
    const merged = { ...toInput(before), ...patch };
    // A switch of the way (key <-> bank) drops the other way's fields.
    const fields = parseOrRefuse(receiverInputSchema, merged);
    if (fields.nickname !== before.nickname) await refuseTakenNickname(tx, fields.nickname, id);
    const columns = toColumns(fields);
    const moved = destinationKey(destinationOf(columns)) !== destinationKey(destinationOf(before));
    const [row] = await tx
      .update(receivers)
      .set({ ...columns, updatedAt: now, ...(moved ? { destinationChangedAt: now, destinationChangedByEmail: actor.email } : {}) })
      .where(eq(receivers.id, id))
      .returning();
    const previous = receiverInputSchema.safeParse(toInput(before));
    const old: Record<string, unknown> = previous.success ? previous.data : {};
    const changed = Object.fromEntries(
      Object.entries(fields)
        .filter(([key, value]) => old[key] !== value)
        .map(([key, value]) => [key, { from: old[key] ?? null, to: value }]),
    );
    await recordAudit(
      { actor, action: "receiver.update", target: id, outcome: "changed", detail: { nickname: fields.nickname, changed, destination_changed: moved }, ip: actor.ip ?? null },
      tx,
    );
    return toSavedReceiver(row!);
  }));
}

/** Only the receiver's creator, or an admin, may change or delete it. */
function refuseUnlessOwner(row: ReceiverRow, actor: Editor): void {
  if (row.createdById !== actor.id && !actor.isAdmin) throw new ApiError("not_maker", "validation.receiver.notYours");
}

/** Where a saved receiver sends money, in the fields lib/transfers/destination.ts reads. */
function destinationOf(r: Pick<ReceiverRow, "document" | "initiationType" | "pixKeyType" | "pixKey" | "bankIspb" | "agency" | "account">) {
  return {
    receiver_document: r.document,
    initiation_type: r.initiationType,
    pix_key_type: r.pixKeyType,
    pix_key: r.pixKey,
    receiver_bank_ispb: r.bankIspb,
    receiver_agency: r.agency,
    receiver_account: r.account,
  };
}

/** Deleted: hidden from lists and suggestions; transfers made from it keep their link. */
export async function deleteReceiver(db: Db, id: string, actor: Editor, now = new Date()): Promise<void> {
  await auditingRefusals(db, "receiver.delete", id, actor, () => db.transaction(async (tx) => {
    const row = await findReceiver(tx, id, { forUpdate: true });
    if (!row) throw new ApiError("not_found", "validation.receiver.unknown");
    refuseUnlessOwner(row, actor);
    await tx.update(receivers).set({ deletedAt: now, updatedAt: now }).where(eq(receivers.id, id));
    await recordAudit(
      { actor, action: "receiver.delete", target: id, outcome: "deleted", detail: { nickname: row.nickname, receiver_document: row.document }, ip: actor.ip ?? null },
      tx,
    );
  }));
}

async function lockNicknames(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('receivers:nickname'))`);
}

async function refuseTakenNickname(tx: Tx, nickname: string, exceptId?: string): Promise<void> {
  const holder = await nicknameHolder(tx, nickname, exceptId);
  if (holder) throw new ApiError("duplicate", "validation.receiver.nicknameTaken", { nickname: holder.nickname }, "nickname");
}

/** Parsed, or refused as 422 naming the first field wrong (the same words the form shows). */
function parseOrRefuse<S extends ZodType>(schema: S, value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data as ReturnType<S["parse"]>;
  const [issue] = parsed.error.issues;
  throw new ApiError("invalid", issue?.message ?? "errors.validation", {}, issue?.path.map(String).join(".") || "nickname");
}
