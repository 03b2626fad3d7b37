/**
 * Why an action on a transfer request was refused, as a code with a message key: routes map
 * the code to a status (lib/transfers/http.ts) and translate the key.
 */
export type TransferErrorCode =
  | "not_found"
  | "conflict_body"
  | "illegal_state"
  | "not_maker"
  | "own_request"
  | "already_approved"
  | "batch_member"
  | "expired";

export class TransferError extends Error {
  constructor(
    readonly code: TransferErrorCode,
    /** A message key of the `transfers` namespace. */
    readonly key: string,
    readonly values: Record<string, string | number> = {},
  ) {
    super(`${code}: ${key}`);
    this.name = "TransferError";
  }
}

export function isTransferError(err: unknown): err is TransferError {
  return err instanceof TransferError || (err instanceof Error && err.name === "TransferError" && "code" in err);
}
