import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { rolesFor } from "@/lib/auth/roles";
import type { Tx } from "@/lib/db";
import { approvals, authUser, pushSubscriptions, transferRequests } from "@/lib/db/schema";
import { decisionRefusal } from "@/lib/transfers/server/decisions";
import { holdersOf } from "@/lib/transfers/server/who-decides";
import type { PushSubject } from "./subjects";

export type Decider = { id: string; email: string; locale: string | null };

/**
 * The people with a device to push to who may decide this subject now: active, in a role that
 * approves, not refused by the decision rule itself (decisionRefusal: never the maker, the
 * submitter, a token's holder, a service account; not once it expired), and not among those who already approved
 * it (one person counts once). The rule is called, not copied, so the push follows it when it
 * changes.
 */
export async function decidersWithDevices(tx: Tx, subject: PushSubject, now: Date): Promise<Decider[]> {
  const people = await tx
    .selectDistinct({ id: authUser.id, email: authUser.email, locale: authUser.locale })
    .from(authUser)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, authUser.id))
    .where(and(isNull(authUser.deactivatedAt), inArray(authUser.role, [...rolesFor("approve")])));
  if (!people.length) return [];
  const approved = await tx
    .selectDistinct({ id: approvals.approverId })
    .from(approvals)
    .innerJoin(transferRequests, eq(transferRequests.id, approvals.transferId))
    .where(and(subject.scope, isNull(approvals.voidedAt), inArray(approvals.approverId, people.map((p) => p.id))));
  const already = new Set(approved.map((a) => a.id));
  const holders = await holdersOf(tx, [subject.lead.makerId, subject.lead.submittedById]);
  return people.filter((p) => !already.has(p.id) && decisionRefusal(subject.lead, { id: p.id, email: p.email }, now, holders) === null);
}
