import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/domain/api-client";
import { checkRegistration, paymentApiPath, paymentPagePath } from "./check-registration";
import { classifySubmitError, NOT_REGISTERED_MESSAGE } from "./outcome";

const ID = "0b6f5c1e-2f4d-4a55-8f0e-0d0c5a7e9b21";
const err = (status: number, message: string, extra: ConstructorParameters<typeof ApiRequestError>[1] | object = {}) =>
  new ApiRequestError(message, { status, ...extra });

describe("classifySubmitError: what the page says after Confirm", () => {
  it.each([
    [400, "pix_key required"],
    [403, "Receiver not allowed"],
    [422, "Insufficient funds"],
  ])("provider %i: shows the provider's own message, nothing registered", (status, message) => {
    expect(classifySubmitError(err(status, message, { kind: "invalid" }), ID)).toEqual({ kind: "rejected", message, status });
  });

  it("our validation (422 with fields): each message goes to its form field", () => {
    const outcome = classifySubmitError(
      err(422, "Check the fields", { kind: "validation", fields: { value_cents: "The amount is above the limit", receiver_agency: "The branch has 1 to 4 digits" } }),
      ID,
    );
    expect(outcome).toEqual({
      kind: "invalid",
      message: "Check the fields",
      fields: { amount: "The amount is above the limit", receiver_agency: "The branch has 1 to 4 digits" },
    });
  });

  it("unknown outcome, read back and not found: not registered, safe to retry with the same id", () => {
    const outcome = classifySubmitError(
      err(409, "The provider did not answer; no payment exists.", {
        kind: "unknown_outcome",
        outcome: { idempotent_id: ID, registered: false, retry_with_same_id: true },
      }),
      ID,
    );
    expect(outcome).toMatchObject({ kind: "not_registered", idempotentId: ID });
  });

  it("unknown outcome that the server could not settle: unknown, nobody may resend", () => {
    const withState = err(409, "Unknown", {
      kind: "unknown_outcome",
      outcome: { idempotent_id: ID, registered: "unknown", retry_with_same_id: false },
    });
    expect(classifySubmitError(withState, ID)).toMatchObject({ kind: "unknown", idempotentId: ID });
    // no outcome detail at all: still unknown, never "safe to retry"
    expect(classifySubmitError(err(409, "Unknown", { kind: "unknown_outcome" }), ID)).toMatchObject({ kind: "unknown" });
  });

  it.each([0, 500, 502, 503, 504])("a lost answer (%i) means: read the payment back before anything else", (status) => {
    expect(classifySubmitError(err(status, "x"), ID)).toMatchObject({ kind: "check", idempotentId: ID });
  });

  it("anything that is not our API's error (a thrown TypeError) is treated as a lost answer", () => {
    expect(classifySubmitError(new TypeError("boom"), ID)).toMatchObject({ kind: "check" });
  });

  it("a 201 whose body could not be read is a registered transfer", () => {
    expect(classifySubmitError(err(201, "malformed", { kind: "malformed" }), ID)).toEqual({
      kind: "registered",
      idempotentId: ID,
      reconciled: false,
    });
  });

  it("a signed-out session is told apart", () => {
    expect(classifySubmitError(err(401, "Your session has ended. Sign in again."), ID)).toMatchObject({ kind: "session" });
  });

  it("our own 403 (role) shows its message", () => {
    expect(classifySubmitError(err(403, "Your role may not register transfers", { kind: "forbidden" }), ID)).toMatchObject({
      kind: "rejected",
      status: 403,
    });
  });
});

describe("checkRegistration: settling an unknown outcome by reading back", () => {
  const payment = {
    reference_code: "REF-1",
    idempotent_id: ID,
    value_cents: 100,
    pix_key_type: "email",
    pix_key: "a@b.co",
    receiver_name: "Maria",
    receiver_document: "52998224725",
    status: "authorization_pending",
    registration_date: "2026-11-21T09:15:02.123-03:00",
    payment_date: null,
    cancellation_date: null,
    cancellation_reason: null,
    end_to_end: null,
  };
  const answer = (status: number, body: unknown): typeof fetch =>
    (async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })) as typeof fetch;

  it("reads the payment by its encoded id", async () => {
    const seen: string[] = [];
    const fetchSpy = (async (url: string) => {
      seen.push(url);
      return new Response(JSON.stringify({ payment }), { status: 200 });
    }) as unknown as typeof fetch;
    await checkRegistration("a b/c", { fetch: fetchSpy });
    expect(seen).toEqual(["/api/payments/a%20b%2Fc"]);
  });

  it("found: registered", async () => {
    expect(await checkRegistration(ID, { fetch: answer(200, { payment }) })).toEqual({
      kind: "registered",
      idempotentId: ID,
      reconciled: true,
    });
  });

  it("404: not registered, safe to retry", async () => {
    expect(await checkRegistration(ID, { fetch: answer(404, { error: "Payment not found." }) })).toEqual({
      kind: "not_registered",
      idempotentId: ID,
      message: NOT_REGISTERED_MESSAGE,
    });
  });

  it.each([500, 502, 504])("%i: still unknown (never 'safe to retry')", async (status) => {
    const outcome = await checkRegistration(ID, { fetch: answer(status, { error: "down" }) });
    expect(outcome.kind).toBe("unknown");
  });

  it("no network: still unknown", async () => {
    const offline = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    expect((await checkRegistration(ID, { fetch: offline })).kind).toBe("unknown");
  });
});

it("links to the payment's page, with the success flag after registration", () => {
  expect(paymentPagePath("a/b", true)).toBe("/payments/a%2Fb?registered=1");
  expect(paymentPagePath(ID)).toBe(`/payments/${ID}`);
  expect(paymentApiPath(ID)).toBe(`/api/payments/${ID}`);
});
