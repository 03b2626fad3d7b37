import { sql, type SQL } from "drizzle-orm";

/**
 * The PostgreSQL channel on which every state change of a transfer request is announced, from
 * inside the transaction that makes it (delivered on commit, to every instance; PGlite delivers
 * it in-process). Payload: TransferChange as JSON.
 */
export const TRANSFER_CHANNEL = "pix_transfer_changes";

export type TransferChange = {
  id: string;
  state: string;
  idempotent_id: string;
  batch_id: string | null;
  /** Needs approval now (the approvers' inbox count changes). */
  awaiting: boolean;
  /** Made by this change (a new request, or a batch's rows when it is submitted): it never waited for anything before. */
  created: boolean;
};

/**
 * The one writer of a TransferChange: its JSON built by the store from SQL values (a moved row's
 * columns inside a statement, or parameters), for `pg_notify(TRANSFER_CHANNEL, ...)`.
 */
export function transferChangeJson(f: { id: SQL; state: SQL; idempotentId: SQL; batchId: SQL; created?: boolean }): SQL {
  return sql`json_build_object('id', ${f.id}, 'state', ${f.state}, 'idempotent_id', ${f.idempotentId}, 'batch_id', ${f.batchId}, 'awaiting', ${f.state} = 'awaiting_approval', 'created', ${f.created === true}::boolean)::text`;
}

/** Announces one change from values in hand (inside the transaction that made it). */
export function notifyTransferChange(c: Omit<TransferChange, "awaiting" | "created"> & { created?: boolean }): SQL {
  const json = transferChangeJson({ id: sql`${c.id}::text`, state: sql`${c.state}::text`, idempotentId: sql`${c.idempotent_id}::text`, batchId: sql`${c.batch_id}::text`, created: c.created });
  return sql`select pg_notify(${TRANSFER_CHANNEL}, ${json})`;
}

export function parseTransferChange(payload: string): TransferChange | null {
  try {
    const value = JSON.parse(payload) as Partial<TransferChange>;
    if (typeof value.id !== "string" || typeof value.state !== "string" || typeof value.idempotent_id !== "string") return null;
    return {
      id: value.id,
      state: value.state,
      idempotent_id: value.idempotent_id,
      batch_id: typeof value.batch_id === "string" ? value.batch_id : null,
      awaiting: value.awaiting === true,
      created: value.created === true,
    };
  } catch {
    return null;
  }
}
