import type { TransferState } from "./states";

/**
 * The /transfers page's views (client-safe): each one a set of states, or the approver's inbox.
 * The URL says `?view=`; the API is asked with `state=` or `scope=inbox`.
 */
export const TRANSFER_VIEWS = ["all", "inbox", "awaiting", "inFlight", "attention", "done", "stopped"] as const;
export type TransferView = (typeof TRANSFER_VIEWS)[number];

const VIEW_STATES: Record<Exclude<TransferView, "all" | "inbox">, TransferState[]> = {
  awaiting: ["awaiting_approval"],
  inFlight: ["approved", "submitting"],
  attention: ["outcome_unknown", "failed", "refused"],
  done: ["registered"],
  stopped: ["rejected", "canceled", "expired"],
};

/** The API query of a view and page. */
export function viewQueryString(view: TransferView, page: number): string {
  const search = new URLSearchParams();
  if (view === "inbox") search.set("scope", "inbox");
  else if (view !== "all") search.set("state", VIEW_STATES[view].join(","));
  if (page > 1) search.set("page", String(page));
  const text = search.toString();
  return text ? `?${text}` : "";
}
