import type { TransferState } from "./states";

/**
 * The /transfers page's views (client-safe): tabs for the questions people come with, each a set
 * of states, the approver's inbox, or what needs a person. The filters (maker, receiver, cost
 * centre, amount, days, state) narrow within the chosen view (lib/search-params/transfers.ts).
 */
export const TRANSFER_VIEWS = ["all", "inbox", "attention", "awaiting", "scheduled", "inFlight", "paid", "notPaid", "stopped"] as const;
export type TransferView = (typeof TRANSFER_VIEWS)[number];

const VIEW_STATES: Record<Exclude<TransferView, "all" | "inbox" | "attention">, TransferState[]> = {
  awaiting: ["awaiting_approval"],
  scheduled: ["scheduled"],
  inFlight: ["approved", "submitting", "outcome_unknown", "registered"],
  paid: ["paid"],
  notPaid: ["provider_canceled", "refused", "failed"],
  stopped: ["rejected", "canceled", "expired"],
};

/** The states a view shows, or null when it is not a set of states (all, the inbox, needs attention). */
export function viewStates(view: TransferView): TransferState[] | null {
  return view === "all" || view === "inbox" || view === "attention" ? null : VIEW_STATES[view];
}
