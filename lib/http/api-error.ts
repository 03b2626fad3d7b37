/**
 * Why our API refused an action (on a transfer, a batch, a receiver, a cost centre, a service
 * account, an alert, a charge, a webhook endpoint...), as a code with a message key: the thrower
 * says what went wrong, `toErrorResponse` (lib/http/errors.ts) maps the code to a status and
 * translates the key into the caller's language. Imports nothing, so pure rules and worker
 * processes can throw it.
 */
export type ApiErrorCode =
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

/** A refusal any service or route of the API throws; answered as a problem with `kind` = `code`. */
export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    /** A message key ("transfers.errors.notFound", "validation.receiver.unknown"), translated when answered. */
    readonly key: string,
    readonly values: Record<string, string | number> = {},
    /** The input field it is about, when there is one (answered as `fields`). */
    readonly field?: string,
  ) {
    super(`${code}: ${key}`);
    this.name = "ApiError";
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError || (err instanceof Error && err.name === "ApiError" && "code" in err);
}
