"use client";

import { useState, type ReactNode } from "react";
import { selectionSummary, type InboxItem } from "@/lib/transfers/inbox-items";
import { BulkDecisionBar } from "./bulk-decision-bar";
import { BulkResults } from "./bulk-results";
import { InboxTable } from "./inbox-table";
import { useBulkDecision } from "./use-bulk-decision";

/**
 * What waits for the approver with the means to decide several at once: tick items (a batch is
 * one), approve or reject them together, each still its own decision; the report stays until
 * closed, though decided items leave the list.
 */
export function InboxPanel({
  items,
  caption,
  dimmed,
  frame = (body) => body,
  hideWhenEmpty = false,
}: {
  items: InboxItem[];
  caption: string;
  dimmed?: boolean;
  /** What surrounds the panel (a section with its heading); the panel stays mounted while its report is open. */
  frame?: (body: ReactNode) => ReactNode;
  /** Nothing at all when nothing waits and no report is open. */
  hideWhenEmpty?: boolean;
}) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const bulk = useBulkDecision();
  // What this person just decided leaves the list at once (the lists are read again meanwhile).
  const decided = new Set(bulk.outcomes.filter((o) => o.result.status === "done" || o.result.status === "waiting_more").map((o) => o.key));
  const shown = items.filter((i) => !decided.has(i.key));
  // Only what is still listed counts: an item decided elsewhere leaves the selection.
  const listed = new Set(shown.map((i) => i.key));
  const chosen = new Set([...selected].filter((k) => listed.has(k)));
  const { count, cents } = selectionSummary(shown, chosen);

  if (hideWhenEmpty && shown.length === 0 && !bulk.decided) return null;
  return frame(
    <div className="flex flex-col gap-2">
      {shown.length > 0 ? (
        <BulkDecisionBar
          count={count}
          cents={cents}
          running={bulk.running}
          onDecide={(decision) => {
            const picked = shown.filter((i) => chosen.has(i.key));
            setSelected(new Set());
            void bulk.run(picked, decision);
          }}
        />
      ) : null}
      {bulk.decided ? <BulkResults items={bulk.decided.items} action={bulk.decided.action} outcomes={bulk.outcomes} running={bulk.running} onClose={bulk.clear} /> : null}
      {shown.length > 0 ? (
        <InboxTable
          items={shown}
          caption={caption}
          selected={chosen}
          disabled={bulk.running}
          dimmed={dimmed}
          onToggle={(key) =>
            setSelected((now) => {
              const next = new Set([...now].filter((k) => listed.has(k)));
              if (next.has(key)) next.delete(key);
              else next.add(key);
              return next;
            })
          }
          onToggleAll={(all) => setSelected(all ? new Set(listed) : new Set())}
        />
      ) : null}
    </div>,
  );
}
