import "server-only";
import { and, eq, gt, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Tx } from "@/lib/db";
import { approvals, credentialHolders, transferRequests, type TransferRequestRow } from "@/lib/db/schema";
import { isServiceAccountId } from "@/lib/service-accounts/ids";
import { ApiError } from "@/lib/http/api-error";
import { isTransferState } from "../states";
import type { Person } from "../types";

/**
 * Who acted as the maker of a request, and so may never decide on it (separation of duties), in
 * ONE place, as a rule for one row and as the SQL of the lists built from the same parts
 * (who-decides.test.ts holds both to one table of cases):
 * - its maker and its submitter (a batch's uploader and the person who submitted it);
 * - when either is a service account, every person who could act through it: whoever asked for,
 *   confirmed (and so was shown) or issued any of its token values (credential_holders).
 * And who may decide now: a person (never a service account), none of the above, on a request
 * still awaiting approval whose deadline has not passed, not already approved by them.
 */

export type MakerLink = "maker" | "submitter" | "credential_holder";

/** The people who hold tokens of these service accounts (ids not of a service account are skipped). */
export async function holdersOf(tx: Tx, accountIds: readonly (string | null)[]): Promise<Map<string, Set<string>>> {
  const accounts = [...new Set(accountIds.filter((id): id is string => !!id && isServiceAccountId(id)))];
  const held = new Map<string, Set<string>>();
  if (!accounts.length) return held;
  const rows = await tx
    .select({ account: credentialHolders.serviceAccountId, person: credentialHolders.personId })
    .from(credentialHolders)
    .where(inArray(credentialHolders.serviceAccountId, accounts));
  for (const r of rows) held.set(r.account, (held.get(r.account) ?? new Set()).add(r.person));
  return held;
}

/** How this person acted as the maker of the request, or null when they did not. */
export function makerLink(row: Pick<TransferRequestRow, "makerId" | "submittedById">, personId: string, holders: ReadonlyMap<string, ReadonlySet<string>>): MakerLink | null {
  if (row.makerId === personId) return "maker";
  if (row.submittedById === personId) return "submitter";
  const through = [row.makerId, row.submittedById].some((account) => account !== null && holders.get(account)?.has(personId));
  return through ? "credential_holder" : null;
}

/** The same as `makerLink(...) !== null`, as a condition on transfer_requests. */
export function actedAsMakerSql(personId: string): SQL {
  const t = transferRequests;
  return or(
    eq(t.makerId, personId),
    sql`${t.submittedById} is not distinct from ${personId}`,
    sql`exists (select 1 from ${credentialHolders} h where h.service_account_id in (${t.makerId}, ${t.submittedById}) and h.person_id = ${personId})`,
  )!;
}

const REFUSAL_KEY: Record<MakerLink, string> = {
  maker: "transfers.errors.ownRequest",
  submitter: "transfers.errors.submittedByYou",
  credential_holder: "transfers.errors.heldTheToken",
};

/**
 * Why this person may not approve or reject this request now, or null. `holders`: the token
 * holders of its maker and submitter (holdersOf). Expiry counts from the request's own deadline,
 * even before the reconciler has marked it expired.
 */
export function decisionRefusal(row: TransferRequestRow, person: Person, now: Date, holders: ReadonlyMap<string, ReadonlySet<string>>): ApiError | null {
  // A program makes requests; a person decides on them (whatever role its account was given).
  if (isServiceAccountId(person.id)) return new ApiError("not_a_person", "transfers.errors.serviceAccountNeverDecides");
  const link = makerLink(row, person.id, holders);
  if (link) return new ApiError("own_request", REFUSAL_KEY[link]);
  if (row.state === "awaiting_approval" && row.expiresAt && row.expiresAt.getTime() <= now.getTime()) {
    return new ApiError("expired", "transfers.errors.notAwaiting.expired");
  }
  if (row.state !== "awaiting_approval") return notAwaiting(row.state);
  return null;
}

export function notAwaiting(state: string | null): ApiError {
  return new ApiError("illegal_state", `transfers.errors.notAwaiting.${state && isTransferState(state) ? state : "unknown"}`);
}

/** An approval of this person that still counts (a voided one does not). */
export function approvedBySql(personId: string): SQL {
  return sql`exists (select 1 from ${approvals} a where a.transfer_id = ${transferRequests.id} and a.approver_id = ${personId} and a.voided_at is null)`;
}

/**
 * What waits for this person's decision, as SQL: `decisionRefusal` is null for it and they have
 * not approved it yet. Rows of batches included; the callers split singles from batches.
 */
export function awaitsDecisionOfSql(personId: string, now: Date): SQL {
  const t = transferRequests;
  if (isServiceAccountId(personId)) return sql`false`;
  return and(
    eq(t.state, "awaiting_approval"),
    or(isNull(t.expiresAt), gt(t.expiresAt, now)),
    sql`not (${actedAsMakerSql(personId)})`,
    sql`not ${approvedBySql(personId)}`,
  )!;
}
