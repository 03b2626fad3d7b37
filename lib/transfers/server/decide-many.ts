import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { transferRequests } from "@/lib/db/schema";
import { approveBatch, rejectBatch } from "@/lib/batches/service";
import { getBatchSummary } from "@/lib/batches/store";
import type { Actor } from "@/lib/domain/actor";
import { logLine } from "@/lib/http/logger";
import type { Translator } from "@/lib/i18n/server";
import { isApiError, ApiError } from "@/lib/http/api-error";
import type { ApprovalPolicy } from "../policy";
import type { TransferQueue } from "./queue";
import { approveTransfer, rejectTransfer } from "./service";
import { getTransferRow } from "./store";
import type { DecisionItem, DecisionResult } from "../decisions-body";

/**
 * Several decisions in one request (POST /api/transfers/decisions): the server decides each item
 * in turn, each by its own rule, in its own transaction, with its own audit row (a refusal too),
 * exactly as its own route would; one refusal does not stop the others. Done on the server so
 * that a tab closed after the click cannot cut the run short.
 */
export async function decideMany(
  db: Db,
  items: readonly DecisionItem[],
  approver: Actor,
  deps: { queue: Pick<TransferQueue, "enqueue" | "enqueueMany"> | null; pace: { ratePerSecond: number }; policy: ApprovalPolicy; t: Translator },
): Promise<DecisionResult[]> {
  const results: DecisionResult[] = [];
  for (const item of items) {
    try {
      results.push({ ...identity(item), ...(await decideOne(db, item, approver, deps)) });
    } catch (error) {
      if (isApiError(error)) {
        results.push({ ...identity(item), status: "refused", state: null, code: error.code, error: deps.t(error.key as never, error.values as never) });
        continue;
      }
      logLine("error", "a bulk decision item failed unexpectedly", { kind: item.kind, id: item.id, error: String(error) });
      results.push({ ...identity(item), status: "error", state: null, code: "unavailable", error: deps.t("transfers.bulk.itemFailed") });
    }
  }
  return results;
}

const identity = (item: DecisionItem) => ({ kind: item.kind, id: item.id, decision: item.decision });

async function decideOne(
  db: Db,
  item: DecisionItem,
  approver: Actor,
  deps: { queue: Pick<TransferQueue, "enqueue" | "enqueueMany"> | null; pace: { ratePerSecond: number }; policy: ApprovalPolicy },
): Promise<Pick<DecisionResult, "status" | "state">> {
  if (item.kind === "batch") {
    if (item.decision === "approve") await approveBatch(db, deps.queue, item.id, approver, { ...deps.pace, policy: deps.policy });
    else await rejectBatch(db, item.id, approver, item.reason!);
    const state = (await getBatchSummary(db, item.id))?.state ?? null;
    return { status: state === "awaiting_approval" ? "waiting_more" : "done", state };
  }
  // A series is decided through any of its waiting occurrences: one decision for all of them.
  const id = item.kind === "series" ? await waitingOccurrence(db, item.id) : item.id;
  if (item.decision === "approve") {
    const { ready } = await approveTransfer(db, id, approver, new Date(), deps.policy);
    for (const { id: readyId, startAfter } of ready) await deps.queue?.enqueue(readyId, startAfter);
  } else {
    await rejectTransfer(db, id, approver, item.reason!);
  }
  const state = (await getTransferRow(db, id))?.state ?? null;
  return { status: state === "awaiting_approval" ? "waiting_more" : "done", state };
}

async function waitingOccurrence(db: Db, seriesId: string): Promise<string> {
  const [first] = await db
    .select({ id: transferRequests.id })
    .from(transferRequests)
    .where(and(eq(transferRequests.seriesId, seriesId), eq(transferRequests.state, "awaiting_approval")))
    .orderBy(asc(transferRequests.scheduledFor))
    .limit(1);
  if (!first) throw new ApiError("illegal_state", "transfers.errors.seriesNotWaiting");
  return first.id;
}
