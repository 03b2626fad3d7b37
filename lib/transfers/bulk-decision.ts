/**
 * Deciding several waiting items at once (client-safe). The server decides them all in one
 * request (POST /api/transfers/decisions: each item its own decision and audit row, the rule
 * judged for each), so closing the tab after the click cannot cut the run; this maps its results
 * back to the items the person chose.
 */
import type { DecisionResult } from "./decisions-body";
import { decisionKind, type InboxItem } from "./inbox-items";

export type BulkResult =
  /** Decided: approved (and sent or scheduled when it was the last approval needed), or rejected. */
  | { status: "done" }
  /** Approved, and it still waits for other approvers. */
  | { status: "waiting_more" }
  /** The server refused this one (or could not decide it now); its reason, in the reader's language. */
  | { status: "refused"; reason: string }
  /** Not sent: the person did not confirm their identity, so nothing was decided. */
  | { status: "not_sent" };

export type BulkOutcome<K extends string = string> = { key: K; result: BulkResult };

/** The body of the one request that decides `items`. */
export function decisionsBody(items: readonly InboxItem[], decision: { action: "approve" } | { action: "reject"; reason: string }) {
  return {
    items: items.map((item) => ({ kind: decisionKind(item), id: item.id, decision: decision.action, ...(decision.action === "reject" ? { reason: decision.reason } : {}) })),
  };
}

/** Each chosen item's outcome from the server's results (matched by kind and id; one the server did not answer is "not sent"). */
export function outcomesOf(items: readonly InboxItem[], results: readonly DecisionResult[]): BulkOutcome[] {
  const byItem = new Map(results.map((r) => [`${r.kind}:${r.id}`, r]));
  return items.map((item) => {
    const r = byItem.get(`${decisionKind(item)}:${item.id}`);
    if (!r) return { key: item.key, result: { status: "not_sent" } };
    if (r.status === "refused" || r.status === "error") return { key: item.key, result: { status: "refused", reason: r.error ?? "" } };
    return { key: item.key, result: { status: r.status } };
  });
}

/** Every item "not sent" (the step-up was canceled: the server decided nothing). */
export function noneSent(items: readonly InboxItem[]): BulkOutcome[] {
  return items.map((item) => ({ key: item.key, result: { status: "not_sent" } }));
}
