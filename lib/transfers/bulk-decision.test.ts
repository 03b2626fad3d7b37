import { describe, expect, it } from "vitest";
import { decisionsBody, noneSent, outcomesOf } from "./bulk-decision";
import type { InboxItem } from "./inbox-items";

const item = (kind: InboxItem["kind"], id: string) => ({ kind, key: `${kind}:${id}`, id }) as InboxItem;
const items = [item("request", "t1"), item("batch", "b1"), item("series", "s1"), item("request", "t2")];

describe("deciding several items in one request", () => {
  it("sends each chosen item as its decision: a request as a transfer, a batch and a series as themselves; a rejection carries its reason", () => {
    expect(decisionsBody(items, { action: "approve" }).items).toEqual([
      { kind: "transfer", id: "t1", decision: "approve" },
      { kind: "batch", id: "b1", decision: "approve" },
      { kind: "series", id: "s1", decision: "approve" },
      { kind: "transfer", id: "t2", decision: "approve" },
    ]);
    expect(decisionsBody([items[0]!], { action: "reject", reason: "Duplicada" }).items).toEqual([{ kind: "transfer", id: "t1", decision: "reject", reason: "Duplicada" }]);
  });

  it("reports each item's own result: decided, waiting for others, refused with the server's words; one the server did not answer is not sent", () => {
    const outcomes = outcomesOf(items, [
      { kind: "transfer", id: "t1", decision: "approve", status: "done", state: "approved" },
      { kind: "batch", id: "b1", decision: "approve", status: "waiting_more", state: "awaiting_approval" },
      { kind: "series", id: "s1", decision: "approve", status: "refused", state: null, code: "own_request", error: "Ninguém aprova a própria solicitação" },
    ]);
    expect(outcomes.map((o) => [o.key, o.result])).toEqual([
      ["request:t1", { status: "done" }],
      ["batch:b1", { status: "waiting_more" }],
      ["series:s1", { status: "refused", reason: "Ninguém aprova a própria solicitação" }],
      ["request:t2", { status: "not_sent" }],
    ]);
    expect(noneSent(items).every((o) => o.result.status === "not_sent")).toBe(true);
  });
});
