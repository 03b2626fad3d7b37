import "server-only";
import { and, eq, lt, ne, notInArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { receivers, transferRequests, type TransferRequestRow } from "@/lib/db/schema";
import { searchKey } from "@/lib/pix/text";
import type { ReceiverCheck } from "../types";

/** Requests that never were a payment: they say nothing about who a document belongs to. */
const NEVER_SENT = ["rejected", "canceled", "expired"];

/**
 * What the approver weighs about the receiver of one request: the saved receiver it came from
 * (since when, and when and by whom its key or account last changed), how many earlier requests went to the same CPF/CNPJ, and the other names those
 * carried (a name that differs, accents and case aside, from what was paid before). One query
 * over earlier requests, grouped by the name as searched.
 */
export async function receiverCheck(db: Db, row: TransferRequestRow): Promise<ReceiverCheck> {
  const t = transferRequests;
  const [names, saved] = await Promise.all([
    db
      .select({ key: t.receiverKey, name: sql<string>`min(${t.receiverName})`, n: sql<string>`count(*)` })
      .from(t)
      .where(and(eq(t.receiverDocument, row.receiverDocument), lt(t.createdAt, row.createdAt), ne(t.id, row.id), notInArray(t.state, NEVER_SENT)))
      .groupBy(t.receiverKey),
    row.receiverId
      ? db
          .select({ id: receivers.id, nickname: receivers.nickname, createdAt: receivers.createdAt, changedAt: receivers.destinationChangedAt, changedBy: receivers.destinationChangedByEmail })
          .from(receivers)
          .where(eq(receivers.id, row.receiverId))
      : Promise.resolve([]),
  ]);
  const mine = row.receiverKey ?? searchKey(row.receiverName);
  const savedReceiver = saved[0];
  return {
    saved: savedReceiver
      ? {
          id: savedReceiver.id,
          nickname: savedReceiver.nickname,
          since: savedReceiver.createdAt.toISOString(),
          destination_changed: savedReceiver.changedAt ? { at: savedReceiver.changedAt.toISOString(), by: savedReceiver.changedBy ?? "" } : null,
        }
      : null,
    earlier: names.reduce((sum, n) => sum + Number(n.n), 0),
    other_names: names.filter((n) => (n.key ?? searchKey(n.name)) !== mine).map((n) => n.name),
  };
}
