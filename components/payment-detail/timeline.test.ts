import { describe, expect, it } from "vitest";
import { buildTimeline } from "./timeline";

const base = {
  registration_date: "2026-11-21T09:15:02.123-03:00",
  payment_date: null,
  cancellation_date: null,
  cancellation_reason: null,
  end_to_end: null,
};

const summary = (steps: ReturnType<typeof buildTimeline>) => steps.map((s) => `${s.key}:${s.state}`);

describe("buildTimeline", () => {
  it("shows a payment awaiting authorization as registered, with authorization the current step", () => {
    const steps = buildTimeline({ ...base, status: "authorization_pending" });
    expect(summary(steps)).toEqual(["registered:done", "authorized:current", "sent:upcoming", "completed:upcoming"]);
    expect(steps[0]?.date).toBe(base.registration_date);
    expect(steps[1]?.note).toEqual({ key: "waitingAuthorization" });
  });

  it("marks authorization done without a date once the payment is sent", () => {
    const steps = buildTimeline({ ...base, status: "sent", end_to_end: "E18236120202206142202a1022c1tg10" });
    expect(summary(steps)).toEqual(["registered:done", "authorized:done", "sent:current", "completed:upcoming"]);
    expect(steps[1]?.date).toBeNull();
    expect(steps[2]?.date).toBeNull();
  });

  it("dates completion with payment_date", () => {
    const steps = buildTimeline({ ...base, status: "completed", payment_date: "2026-11-21T09:16:00.000-03:00" });
    expect(summary(steps)).toEqual(["registered:done", "authorized:done", "sent:done", "completed:done"]);
    expect(steps[3]?.date).toBe("2026-11-21T09:16:00.000-03:00");
  });

  it("keeps a completed step without a date when the provider left payment_date empty", () => {
    const steps = buildTimeline({ ...base, status: "completed" });
    expect(steps[3]).toMatchObject({ state: "done", date: null });
  });

  it("shows a cancel before sending as registered then canceled, with the reason", () => {
    const steps = buildTimeline({
      ...base,
      status: "canceled",
      cancellation_date: "2026-11-21T10:00:00.000-03:00",
      cancellation_reason: "Receiver not allowed",
    });
    expect(summary(steps)).toEqual(["registered:done", "canceled:canceled"]);
    // The provider's own words, quoted as they are.
    expect(steps[1]).toMatchObject({ date: "2026-11-21T10:00:00.000-03:00", note: { text: "Receiver not allowed" } });
  });

  it("shows a cancel after sending (end_to_end assigned) with the steps it passed", () => {
    const steps = buildTimeline({ ...base, status: "canceled", end_to_end: "E18236120202206142202a1022c1tg10" });
    expect(summary(steps)).toEqual(["registered:done", "authorized:done", "sent:done", "canceled:canceled"]);
    expect(steps[3]?.date).toBeNull();
  });
});
