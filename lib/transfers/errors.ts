/**
 * Why an action on a transfer request was refused, as a code with a message key: routes map
 * the code to a status (lib/http/errors.ts) and translate the key.
 */
export type TransferErrorCode =
  | "not_found"
  | "conflict_body"
  | "illegal_state"
  | "not_maker"
  | "own_request"
  /** A service account is a maker, never an approver: 403. */
  | "not_a_person"
  | "already_approved"
  | "batch_member"
  | "expired"
  /** A value the request names is not acceptable (a cost centre, a saved receiver): 422 on its field. */
  | "invalid"
  /** A name that must be unique is taken (a saved receiver's nickname, a cost centre's code): 409 on its field. */
  | "duplicate";

export class TransferError extends Error {
  constructor(
    readonly code: TransferErrorCode,
    /** A message key of the `transfers` namespace. */
    readonly key: string,
    readonly values: Record<string, string | number> = {},
    /** The input field it is about, when there is one (answered as `fields`). */
    readonly field?: string,
  ) {
    super(`${code}: ${key}`);
    this.name = "TransferError";
  }
}

export function isTransferError(err: unknown): err is TransferError {
  return err instanceof TransferError || (err instanceof Error && err.name === "TransferError" && "code" in err);
}
