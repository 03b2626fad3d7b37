import "server-only";
import { and, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import type { Tx } from "@/lib/db";
import { auditRowValues, type AuditEntryInput } from "@/lib/db/audit-row";
import { auditLog } from "@/lib/db/schema/audit";
import { transferEvents, transferRequests, type TransferRequestRow } from "@/lib/db/schema";
import { TRANSFER_CHANNEL, transferChangeJson } from "../live-channel";
import { assertTransitions, eventValues, moveColumns, type MoveOptions } from "./transition";
import type { TransferState } from "../states";

type AtOnceOptions = Pick<MoveOptions, "from" | "claimToken" | "set" | "note" | "outcome" | "now"> & {
  /** A further condition on the request, in SQL (the database decides, under the row's lock). */
  where?: SQL;
  /** The audit row written with the move; its detail gets `attempt`, the request's attempts after it. */
  audit?: AuditEntryInput;
};

/** Columns the statement always returns from the update: its other parts need them. */
const ALWAYS = ["id", "state", "idempotentId", "batchId", "attempts"] as const;

export type MovedAtOnce<K extends keyof TransferRequestRow> = Pick<TransferRequestRow, K | (typeof ALWAYS)[number]> & { fromState: string };

/**
 * The engine's moves in ONE statement: the request is locked, moved if it is in an expected state
 * (still claimed by the caller, and passing `where`), its timeline event appended, its audit row
 * written and the change announced (pg_notify, delivered on commit), or nothing at all. The same
 * rules as `moveTransfers` (lib/transfers/server/transition.ts: the state machine, the columns a move
 * sets, the event), with no round trip between the steps: a submission's store time was most of
 * its time. Only for moves no batch's state depends on (approved -> submitting ->
 * registered and back); anything else goes through `moveTransfers`.
 * Returns the moved row's `columns` (with the state it left), or null when it did not move: only
 * what the caller reads comes back (a request's whole row is wide).
 */
export async function moveAtOnce<K extends keyof TransferRequestRow>(
  db: Tx,
  id: string,
  to: TransferState,
  o: AtOnceOptions,
  columns: readonly K[] = [],
): Promise<MovedAtOnce<K> | null> {
  assertTransitions(o.from, to, { batchFree: true });
  const now = o.now ?? new Date();
  const current = db
    .select({ id: transferRequests.id, state: transferRequests.state })
    .from(transferRequests)
    .where(eq(transferRequests.id, id))
    .for("update")
    .as("current");
  const update = db
    .update(transferRequests)
    .set(moveColumns(to, o, now))
    .from(current)
    .where(
      and(
        eq(transferRequests.id, current.id),
        inArray(current.state, [...o.from]),
        o.claimToken !== undefined ? eq(transferRequests.claimToken, o.claimToken) : undefined,
        o.where,
      ),
    )
    .returning({ ...pick([...ALWAYS, ...columns]), fromState: sql<string>`${current.state}`.as("from_state") });
  const moved = db.$with("moved", { ...pick([...ALWAYS, ...columns]), fromState: sql<string>`from_state`.as("from_state") }).as(update.getSQL());
  const event = eventValues(to, o, now);
  const events = db.$with("events", {}).as(
    sql`insert into ${transferEvents} (transfer_id, at, from_state, to_state, actor_id, actor_email, note, outcome)
        select moved.id, ${now.toISOString()}::timestamptz, moved.from_state, ${to}, ${event.actorId}, ${event.actorEmail},
               ${jsonOrNull(event.note)}::jsonb, ${jsonOrNull(event.outcome)}::jsonb from moved`,
  );
  const ctes = [moved, events];
  if (o.audit) {
    const a = auditRowValues(o.audit);
    ctes.push(
      db.$with("audit", {}).as(
        sql`insert into ${auditLog} (actor_id, actor_email, action, target, outcome, detail, ip, request_id)
            select ${a.actorId}, ${a.actorEmail}, ${a.action}, ${a.target}, ${a.outcome},
                   jsonb_set(${JSON.stringify(a.detail)}::jsonb, '{attempt}', to_jsonb(moved.attempts)), ${a.ip}, ${a.requestId} from moved`,
      ) as never,
    );
  }
  const rows = await db
    .with(...ctes)
    .select({
      ...moved._.selectedFields,
      announced: sql`pg_notify(${TRANSFER_CHANNEL}, ${transferChangeJson({ id: sql`moved.id`, state: sql`moved.state`, idempotentId: sql`moved.idempotent_id`, batchId: sql`moved.batch_id` })})`,
    })
    .from(moved);
  const row = rows[0];
  if (!row) return null;
  const { announced: _announced, ...rest } = row;
  return rest as unknown as MovedAtOnce<K>;
}

function pick(keys: ReadonlyArray<keyof TransferRequestRow>) {
  const all = getTableColumns(transferRequests);
  return Object.fromEntries(keys.map((k) => [k, all[k]])) as Record<string, (typeof all)[keyof typeof all]>;
}

const jsonOrNull = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
