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
};

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
    };
  } catch {
    return null;
  }
}
