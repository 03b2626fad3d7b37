import "server-only";
import { and, asc, eq, isNull, ne } from "drizzle-orm";
import type { Tx } from "@/lib/db";
import { receivers, type ReceiverRow } from "@/lib/db/schema";
import { ACCOUNT_TYPE_CODES, PIX_KEY_TYPES, type AccountTypeCode, type PixKeyType } from "@/lib/contract/enums";
import { nicknameKey } from "./search";
import type { ReceiverFields } from "./schema";
import type { SavedReceiver } from "./types";

/**
 * Rows of saved receivers. Deleted ones stay (transfers made from them keep their link and their
 * "saved since"), hidden from every list.
 */

/** The saved receivers not deleted, by nickname. */
export async function activeReceivers(db: Tx): Promise<ReceiverRow[]> {
  return db.select().from(receivers).where(isNull(receivers.deletedAt)).orderBy(asc(receivers.nicknameKey));
}

export async function findReceiver(db: Tx, id: string, options: { forUpdate?: boolean } = {}): Promise<ReceiverRow | null> {
  const query = db.select().from(receivers).where(and(eq(receivers.id, id), isNull(receivers.deletedAt)));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

/** The active receiver holding this nickname (accents and case aside), other than `exceptId`. */
export async function nicknameHolder(db: Tx, nickname: string, exceptId?: string): Promise<ReceiverRow | null> {
  const conditions = [eq(receivers.nicknameKey, nicknameKey(nickname)), isNull(receivers.deletedAt)];
  if (exceptId) conditions.push(ne(receivers.id, exceptId));
  const [row] = await db.select().from(receivers).where(and(...conditions)).limit(1);
  return row ?? null;
}

/** The active receivers with these nicknames (a batch file names them), by nickname as compared. */
export async function receiversByNickname(db: Tx, nicknames: readonly string[]): Promise<Map<string, ReceiverRow>> {
  const wanted = new Set(nicknames.map(nicknameKey));
  const found = new Map<string, ReceiverRow>();
  if (!wanted.size) return found;
  for (const row of await activeReceivers(db)) if (wanted.has(row.nicknameKey)) found.set(row.nicknameKey, row);
  return found;
}

/** The stored columns of a receiver's fields. */
export function toColumns(fields: ReceiverFields) {
  return {
    nickname: fields.nickname,
    nicknameKey: nicknameKey(fields.nickname),
    name: fields.receiver_name,
    document: fields.receiver_document,
    initiationType: fields.initiation_type,
    pixKeyType: fields.pix_key_type,
    pixKey: fields.pix_key,
    bankIspb: fields.receiver_bank_ispb,
    agency: fields.receiver_agency,
    account: fields.receiver_account,
    accountType: fields.receiver_account_type,
  };
}

/** A stored row as the schema's input, to apply a change to it and check the result whole. */
export function toInput(row: ReceiverRow): Record<string, unknown> {
  const manual = row.initiationType === "manual";
  return {
    nickname: row.nickname,
    receiver_name: row.name,
    receiver_document: row.document,
    initiation_type: manual ? "manual" : "dict",
    ...(manual
      ? { receiver_bank_ispb: row.bankIspb ?? "", receiver_agency: row.agency ?? "", receiver_account: row.account ?? "", receiver_account_type: row.accountType ?? "" }
      : { pix_key_type: row.pixKeyType ?? "", pix_key: row.pixKey ?? "" }),
  };
}

const isPixKeyType = (v: string): v is PixKeyType => (PIX_KEY_TYPES as readonly string[]).includes(v);
const isAccountTypeCode = (v: string): v is AccountTypeCode => (ACCOUNT_TYPE_CODES as readonly string[]).includes(v);

/** A stored row -> the API's shape. */
export function toSavedReceiver(row: ReceiverRow): SavedReceiver {
  const manual = row.initiationType === "manual";
  return {
    id: row.id,
    nickname: row.nickname,
    receiver_name: row.name,
    receiver_document: row.document,
    initiation_type: manual ? "manual" : "dict",
    pix_key_type: !manual && row.pixKeyType && isPixKeyType(row.pixKeyType) ? row.pixKeyType : null,
    pix_key: manual ? null : row.pixKey,
    bank: manual
      ? {
          ispb: row.bankIspb ?? "",
          agency: row.agency ?? "",
          account: row.account ?? "",
          account_type: row.accountType && isAccountTypeCode(row.accountType) ? row.accountType : "CACC",
        }
      : null,
    created_by: { id: row.createdById, email: row.createdByEmail },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
