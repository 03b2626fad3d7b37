import type { PaymentListItem } from "@/lib/contract";

export type TimelineStepState = "done" | "current" | "upcoming" | "canceled";

export type TimelineStep = {
  key: "registered" | "authorized" | "sent" | "completed" | "canceled";
  label: string;
  state: TimelineStepState;
  /** The provider's datetime for this step; null when it does not report one. */
  date: string | null;
  /** A word on what is happening or known at this step. */
  note?: string;
};

type TimelineInput = Pick<
  PaymentListItem,
  "status" | "registration_date" | "payment_date" | "cancellation_date" | "cancellation_reason" | "end_to_end"
>;

/**
 * The steps of a payment as far as they are known: registered -> authorized -> sent ->
 * completed, or canceled. The provider only dates registration, payment and cancellation;
 * authorization and sending have no date, and a step is never shown as reached unless the
 * status (or an assigned end_to_end, which comes with sending) proves it.
 */
export function buildTimeline(p: TimelineInput): TimelineStep[] {
  const registered: TimelineStep = { key: "registered", label: "Registered", state: "done", date: p.registration_date };
  const authorized = (state: TimelineStepState, note?: string): TimelineStep => ({
    key: "authorized",
    label: "Authorized",
    state,
    date: null,
    ...(note ? { note } : {}),
  });
  const sent = (state: TimelineStepState, note?: string): TimelineStep => ({
    key: "sent",
    label: "Sent",
    state,
    date: null,
    ...(note ? { note } : {}),
  });
  const completed = (state: TimelineStepState): TimelineStep => ({
    key: "completed",
    label: "Completed",
    state,
    date: state === "done" ? p.payment_date : null,
  });

  switch (p.status) {
    case "authorization_pending":
      return [registered, authorized("current", "Waiting for authorization"), sent("upcoming"), completed("upcoming")];
    case "auto_authorization":
      return [registered, authorized("current", "Sent for automatic authorization"), sent("upcoming"), completed("upcoming")];
    case "sent":
      return [registered, authorized("done"), sent("current", "Sent, waiting for confirmation"), completed("upcoming")];
    case "completed":
      return [registered, authorized("done"), sent("done"), completed("done")];
    case "canceled": {
      const canceled: TimelineStep = {
        key: "canceled",
        label: "Canceled",
        state: "canceled",
        date: p.cancellation_date,
        ...(p.cancellation_reason ? { note: p.cancellation_reason } : {}),
      };
      // An end_to_end is assigned when the payment is sent: then it got that far before canceling.
      return p.end_to_end ? [registered, authorized("done"), sent("done"), canceled] : [registered, canceled];
    }
    default:
      return [registered];
  }
}
