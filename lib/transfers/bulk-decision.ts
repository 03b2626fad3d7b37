/**
 * Deciding several waiting items at once (client-safe): each item is still its own decision, sent
 * through its own route one after the other (its own audit row, the maker-checker rule judged by
 * the server for each), and each one's result is reported. Pure: the caller passes how to decide
 * one item, so the order, the stop and the report are tested without a server.
 */

export type BulkResult =
  /** Decided: approved (and sent or scheduled when it was the last approval needed), or rejected. */
  | { status: "done" }
  /** Approved, and it still waits for other approvers. */
  | { status: "waiting_more" }
  /** The server refused this one; its reason, in the reader's language. */
  | { status: "refused"; reason: string }
  /** Not sent: the person did not confirm their identity, so nothing after it was sent either. */
  | { status: "not_sent" };

export type BulkOutcome<K extends string = string> = { key: K; result: BulkResult };

/**
 * Decides `keys` in order with `decide` (which answers "done" or "waiting_more", or throws). A
 * refusal of one item does not stop the others; a step-up the person canceled (`isStepUpRefusal`)
 * stops the run: asking again for every remaining item would be the dialog in a loop.
 */
export async function decideEach<K extends string>(
  keys: readonly K[],
  decide: (key: K) => Promise<"done" | "waiting_more">,
  options: { isStepUpRefusal: (error: unknown) => boolean; reasonOf: (error: unknown) => string; onResult?: (outcome: BulkOutcome<K>) => void },
): Promise<BulkOutcome<K>[]> {
  const outcomes: BulkOutcome<K>[] = [];
  const record = (outcome: BulkOutcome<K>) => {
    outcomes.push(outcome);
    options.onResult?.(outcome);
  };
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    try {
      record({ key, result: { status: await decide(key) } });
    } catch (error) {
      if (options.isStepUpRefusal(error)) {
        for (const rest of keys.slice(i)) record({ key: rest, result: { status: "not_sent" } });
        break;
      }
      record({ key, result: { status: "refused", reason: options.reasonOf(error) } });
    }
  }
  return outcomes;
}
