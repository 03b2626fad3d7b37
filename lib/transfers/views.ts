import type { TransferState } from "./states";

/**
 * The /transfers page's views (client-safe): each one a set of states, the approver's inbox, or
 * what needs a person. The URL says `?view=`; the API is asked with `state=`, `scope=inbox` or
 * `attention=true`.
 */
export const TRANSFER_VIEWS = ["all", "inbox", "attention", "awaiting", "inFlight", "paid", "notPaid", "stopped"] as const;
export type TransferView = (typeof TRANSFER_VIEWS)[number];

const VIEW_STATES: Record<Exclude<TransferView, "all" | "inbox" | "attention">, TransferState[]> = {
  awaiting: ["awaiting_approval"],
  inFlight: ["approved", "submitting", "outcome_unknown", "registered"],
  paid: ["paid"],
  notPaid: ["provider_canceled", "refused", "failed"],
  stopped: ["rejected", "canceled", "expired"],
};

/** The API query of a view and page (within one batch's rows when `batch` is given). */
export function viewQueryString(view: TransferView, page: number, batch: string | null = null): string {
  const search = new URLSearchParams();
  if (batch) search.set("batch", batch);
  if (view === "inbox") search.set("scope", "inbox");
  else if (view === "attention") search.set("attention", "true");
  else if (view !== "all") search.set("state", VIEW_STATES[view].join(","));
  if (page > 1) search.set("page", String(page));
  const text = search.toString();
  return text ? `?${text}` : "";
}
