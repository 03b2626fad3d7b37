import "server-only";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { Tx } from "@/lib/db";
import { credentialHolders, transferRequests } from "@/lib/db/schema";
import { isServiceAccountId } from "@/lib/service-accounts/ids";
import type { ApprovalPolicy } from "../policy";
import { approvalNeed, type ApprovalNeed, type EarlierSums } from "../approval-need";
import { destinationKey, type DestinationBody } from "../destination";
import { MAY_MOVE_MONEY_STATES } from "../states";
import { windowStart } from "../window";

/**
 * Splitting does not dodge approval: the policy's tiers apply to what one maker sends one
 * destination over the last RECEIVER_WINDOW_HOURS (rows of batches, occurrences of series and
 * transfers made with a token included), counting every request that may still move money. A
 * destination is the document, or where the money lands (the normalised Pix key, the bank
 * account: lib/transfers/destination.ts), whichever sum is highest. Twenty transfers of
 * R$ 999,99 to one e-mail key under twenty CPFs need what one of R$ 19.999,80 needs.
 */

/**
 * Whose transfers count as one maker's: the maker and every service account whose tokens they
 * hold (or asked for, or confirmed), or, for a service account, the people who hold its tokens.
 * A person splitting between their session and a token is still one maker.
 */
export async function makerGroup(tx: Tx, makerId: string): Promise<string[]> {
  const h = credentialHolders;
  const rows = isServiceAccountId(makerId)
    ? await tx.selectDistinct({ id: h.personId }).from(h).where(eq(h.serviceAccountId, makerId))
    : await tx.selectDistinct({ id: h.serviceAccountId }).from(h).where(eq(h.personId, makerId));
  return [makerId, ...rows.map((r) => r.id).filter((id) => id !== makerId)];
}

/** What these makers already sent or asked to send to these documents and destination keys in the window. */
export async function recentSums(
  tx: Tx,
  makerIds: readonly string[],
  targets: { documents: readonly string[]; keys: readonly string[] },
  now: Date,
): Promise<{ byDocument: Map<string, number>; byKey: Map<string, number> }> {
  const t = transferRequests;
  const since = windowStart(now);
  const common = and(inArray(t.makerId, [...makerIds]), inArray(t.state, [...MAY_MOVE_MONEY_STATES]), gte(t.createdAt, since));
  const sumBy = async (column: typeof t.receiverDocument | typeof t.destinationKey, values: readonly string[]) => {
    const sums = new Map<string, number>();
    const unique = [...new Set(values)];
    for (let i = 0; i < unique.length; i += 1_000) {
      const rows = await tx
        .select({ value: column, cents: sql<string>`sum(${t.valueCents})` })
        .from(t)
        .where(and(common, inArray(column, unique.slice(i, i + 1_000))))
        .groupBy(column);
      for (const r of rows) if (r.value !== null) sums.set(r.value, Number(r.cents));
    }
    return sums;
  };
  const [byDocument, byKey] = await Promise.all([sumBy(t.receiverDocument, targets.documents), sumBy(t.destinationKey, targets.keys)]);
  return { byDocument, byKey };
}

/** What is already in the window for one transfer's destinations. */
export function earlierFor(body: DestinationBody, sums: Awaited<ReturnType<typeof recentSums>>): EarlierSums {
  const key = destinationKey(body);
  return { document: sums.byDocument.get(body.receiver_document) ?? 0, key: key ? (sums.byKey.get(key) ?? 0) : 0, destinationKey: key };
}

/**
 * The approvals a batch (or any set of transfers made at once) needs: what its total needs, and
 * what each of its destinations needs once this maker's window is added, the highest of them;
 * every row needs the same, as one decision.
 */
export function batchNeed(policy: ApprovalPolicy, bodies: readonly (DestinationBody & { value_cents: number })[], sums: Awaited<ReturnType<typeof recentSums>>): ApprovalNeed {
  const total = bodies.reduce((sum, b) => sum + b.value_cents, 0);
  const inBatch = { byDocument: new Map<string, number>(), byKey: new Map<string, number>() };
  for (const b of bodies) {
    inBatch.byDocument.set(b.receiver_document, (inBatch.byDocument.get(b.receiver_document) ?? 0) + b.value_cents);
    const key = destinationKey(b);
    if (key) inBatch.byKey.set(key, (inBatch.byKey.get(key) ?? 0) + b.value_cents);
  }
  let need = approvalNeed(policy, total, { document: 0, key: 0, destinationKey: null });
  for (const [document, cents] of inBatch.byDocument) {
    const candidate = approvalNeed(policy, cents, { document: sums.byDocument.get(document) ?? 0, key: 0, destinationKey: null });
    need = stricter(need, candidate, total);
  }
  for (const [key, cents] of inBatch.byKey) {
    const candidate = approvalNeed(policy, cents, { document: 0, key: sums.byKey.get(key) ?? 0, destinationKey: key }, "key");
    need = stricter(need, candidate, total);
  }
  return need;
}

/** The need asking for more approvals (on a tie, the larger window sum), as the batch's: its amount is the batch total. */
function stricter(current: ApprovalNeed, candidate: ApprovalNeed, total: number): ApprovalNeed {
  const pick = candidate.approvals > current.approvals || (candidate.approvals === current.approvals && candidate.window_sum_cents > current.window_sum_cents) ? candidate : current;
  return { ...pick, amount_cents: total, by_amount: current.by_amount, window_applies: pick.approvals > current.by_amount };
}

/**
 * Transfers to one destination are created one at a time (transaction-scoped advisory locks on
 * their documents and destination keys, whoever makes them), so two made at once cannot both
 * miss each other in the sum; transfers to other destinations are not held up. Keys are hashed
 * into WINDOW_LOCK_BUCKETS locks, taken in ascending order (no deadlock), so a 5,000-row batch
 * takes at most that many.
 */
export async function lockDestinations(tx: Tx, bodies: readonly DestinationBody[]): Promise<void> {
  const buckets = new Set<number>();
  for (const b of bodies) {
    buckets.add(bucketOf(`doc:${b.receiver_document}`));
    const key = destinationKey(b);
    if (key) buckets.add(bucketOf(key));
  }
  if (!buckets.size) return;
  // One statement: unnest returns the sorted array in its order, and each row takes its lock in turn.
  const sorted = `{${[...buckets].sort((a, b) => a - b).join(",")}}`;
  await tx.execute(sql`select count(pg_advisory_xact_lock(${WINDOW_LOCK_CLASS}::int, bucket)) from unnest(${sorted}::int[]) as bucket`);
}

/** The advisory lock class of the approval window (any constant no other lock of ours uses). */
const WINDOW_LOCK_CLASS = 74_010;
const WINDOW_LOCK_BUCKETS = 256;

/** FNV-1a, folded into a bucket: the same string is the same lock on every instance. */
function bucketOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % WINDOW_LOCK_BUCKETS;
}

export type { ApprovalNeed };
