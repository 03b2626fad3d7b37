import type { PaymentListItem } from "@/lib/contract";

export type TimelineStepState = "done" | "current" | "upcoming" | "canceled";

/** Notes the page words (`paymentDetail.timeline.notes`). */
type TimelineNoteKey = "waitingAuthorization" | "autoAuthorization" | "sentWaiting";

export type TimelineStep = {
  /** The step, also its word (`paymentDetail.timeline.steps`). */
  key: "registered" | "authorized" | "sent" | "completed" | "canceled";
  state: TimelineStepState;
  /** The provider's datetime for this step; null when it does not report one. */
  date: string | null;
  /** What is happening at this step: one of our notes, or the provider's own words (a cancellation reason). */
  note?: { key: TimelineNoteKey } | { text: string };
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
  const registered: TimelineStep = { key: "registered", state: "done", date: p.registration_date };
  const authorized = (state: TimelineStepState, note?: TimelineNoteKey): TimelineStep => ({
    key: "authorized",
    state,
    date: null,
    ...(note ? { note: { key: note } } : {}),
  });
  const sent = (state: TimelineStepState, note?: TimelineNoteKey): TimelineStep => ({
    key: "sent",
    state,
    date: null,
    ...(note ? { note: { key: note } } : {}),
  });
  const completed = (state: TimelineStepState): TimelineStep => ({
    key: "completed",
    state,
    date: state === "done" ? p.payment_date : null,
  });

  switch (p.status) {
    case "authorization_pending":
      return [registered, authorized("current", "waitingAuthorization"), sent("upcoming"), completed("upcoming")];
    case "auto_authorization":
      return [registered, authorized("current", "autoAuthorization"), sent("upcoming"), completed("upcoming")];
    case "sent":
      return [registered, authorized("done"), sent("current", "sentWaiting"), completed("upcoming")];
    case "completed":
      return [registered, authorized("done"), sent("done"), completed("done")];
    case "canceled": {
      const canceled: TimelineStep = {
        key: "canceled",
        state: "canceled",
        date: p.cancellation_date,
        ...(p.cancellation_reason ? { note: { text: p.cancellation_reason } } : {}),
      };
      // An end_to_end is assigned when the payment is sent: then it got that far before canceling.
      return p.end_to_end ? [registered, authorized("done"), sent("done"), canceled] : [registered, canceled];
    }
    default:
      return [registered];
  }
}
