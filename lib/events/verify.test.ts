import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { deliveryBody, deliveryRequest, md5For, TEST_AUTHORIZATION, TEST_SECRET, testMessage } from "./testing";
import { authorizationMatches, MAX_WEBHOOK_BODY_BYTES, readBodyWithLimit, safeEqualText, verifyBody } from "./verify";

const verify = (body: unknown) => verifyBody(typeof body === "string" ? body : JSON.stringify(body), TEST_SECRET);

describe("Authorization header", () => {
  it("accepts exactly the registered value", () => {
    expect(authorizationMatches(TEST_AUTHORIZATION, TEST_AUTHORIZATION)).toBe(true);
  });

  it("refuses a missing, different, prefixed, truncated or differently cased value", () => {
    for (const header of [null, "", "Bearer nope", `${TEST_AUTHORIZATION} `, TEST_AUTHORIZATION.slice(0, -1), TEST_AUTHORIZATION.toUpperCase()]) {
      expect(authorizationMatches(header, TEST_AUTHORIZATION), String(header)).toBe(false);
    }
  });

  it("never accepts anything when no value is configured", () => {
    expect(authorizationMatches("", "")).toBe(false);
    expect(authorizationMatches(null, "")).toBe(false);
  });

  it("compares texts of different lengths without throwing", () => {
    expect(safeEqualText("a", "a much longer expected value")).toBe(false);
    expect(safeEqualText("same", "same")).toBe(true);
  });
});

describe("body verification", () => {
  it("accepts a delivery whose md5 matches the documented formula", () => {
    const verdict = verify(deliveryBody());
    expect(verdict.ok).toBe(true);
    if (verdict.ok) expect(verdict.delivery.message).toMatchObject({ idempotent_id: "hook-test-1", status: "sent" });
  });

  it("accepts the md5 in upper case too", () => {
    const body = deliveryBody();
    expect(verify({ ...body, md5: body.md5.toUpperCase() }).ok).toBe(true);
  });

  it("refuses an md5 made with another secret", () => {
    const verdict = verify(deliveryBody(testMessage(), "someone-elses-secret"));
    expect(verdict).toMatchObject({ ok: false, reason: "md5", claimed: { idempotent_id: "hook-test-1", status: "sent" } });
  });

  it("refuses a body tampered with after signing (value, reference or id changed)", () => {
    const body = deliveryBody();
    for (const change of [{ value_cents: 99_999_00 }, { reference_code: "REF-9999" }, { idempotent_id: "someone-else" }]) {
      const verdict = verify({ ...body, message: { ...body.message, ...change } });
      expect(verdict, JSON.stringify(change)).toMatchObject({ ok: false, reason: "md5" });
    }
  });

  it("refuses malformed JSON and bodies that are not payment notifications", () => {
    expect(verify('{"notification_type":"pix_payment",')).toMatchObject({ ok: false, reason: "malformed_json" });
    expect(verify("")).toMatchObject({ ok: false, reason: "malformed_json" });
    const body = deliveryBody();
    expect(verify({ ...body, notification_type: "pix_qrcode" })).toMatchObject({ ok: false, reason: "invalid_payload" });
    expect(verify({ ...body, md5: "not-hex" })).toMatchObject({ ok: false, reason: "invalid_payload" });
    expect(verify({ ...body, message: { ...body.message, status: "stolen" } })).toMatchObject({
      ok: false,
      reason: "invalid_payload",
      claimed: { idempotent_id: "hook-test-1", status: "stolen" },
    });
    expect(verify([1, 2, 3])).toMatchObject({ ok: false, reason: "invalid_payload", claimed: { idempotent_id: null } });
  });

  it("keeps at most 200 characters of a claimed id", () => {
    const verdict = verify({ ...deliveryBody(), message: { idempotent_id: "x".repeat(5_000) } });
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.claimed.idempotent_id).toHaveLength(200);
  });

  it("the md5 does not cover the status: documented limit, guarded by reading the provider back", () => {
    const body = deliveryBody();
    const edited = { ...body, message: { ...body.message, status: "canceled" } };
    expect(md5For(edited.message)).toBe(body.md5);
    expect(verify(edited).ok).toBe(true);
  });
});

describe("QR code deliveries (type 1)", () => {
  const message = {
    reference_code: "ZENDRYTESTPIXQRCODE1",
    external_reference: "TEST01",
    value_cents: 1_000,
    content: "00020101021226...6304ABCD",
    status: "paid",
    generator_name: "Loja",
    generator_document: "11222333000181",
    payer_name: "Ana",
    payer_document: "39053344705",
    registration_date: "2026-11-21T09:15:02.123-03:00",
    payment_date: "2026-11-21T09:16:02.123-03:00",
    end_to_end: "E18236120202611211216abcdefghijk",
  };
  const signed = (m = message, type = "pix_qrcode") => ({
    notification_type: type,
    message: m,
    md5: createHash("md5").update(`qrcode.${m.reference_code}.${m.end_to_end}.${m.value_cents}.${TEST_SECRET}`).digest("hex"),
  });

  it("accepts pix_qrcode and pix_static_qrcode with md5 of qrcode.{reference_code}.{end_to_end}.{value_cents}.{secret}", () => {
    for (const type of ["pix_qrcode", "pix_static_qrcode"]) {
      const verdict = verify(signed(message, type));
      expect(verdict.ok, type).toBe(true);
      if (verdict.ok) expect(verdict.delivery.notification_type).toBe(type);
    }
  });

  it("refuses a QR code delivery signed with the payment formula, or edited after signing", () => {
    const paymentStyle = createHash("md5").update(`payment.${message.reference_code}.x.${message.value_cents}.${TEST_SECRET}`).digest("hex");
    expect(verify({ ...signed(), md5: paymentStyle })).toMatchObject({ ok: false, reason: "md5", claimed: { kind: "qrcode", reference_code: "ZENDRYTESTPIXQRCODE1", idempotent_id: null } });
    expect(verify({ ...signed(), message: { ...message, end_to_end: "E18236120202611211216zzzzzzzzzzz" } })).toMatchObject({ ok: false, reason: "md5" });
  });

  it("its md5 does not cover the status either: the receiver reads the QR code back", () => {
    expect(verify({ ...signed(), message: { ...message, status: "canceled" } }).ok).toBe(true);
  });
});

describe("body size limit", () => {
  it("reads a body up to the limit", async () => {
    const text = "x".repeat(MAX_WEBHOOK_BODY_BYTES);
    expect(await readBodyWithLimit(deliveryRequest(text))).toEqual({ text });
  });

  it("stops at the declared length when it is too large", async () => {
    const req = deliveryRequest("{}", { headers: { "content-length": String(MAX_WEBHOOK_BODY_BYTES + 1) } });
    expect(await readBodyWithLimit(req)).toEqual({ tooLarge: true });
  });

  it("stops while streaming when no length is declared", async () => {
    let pulled = 0;
    const chunk = new Uint8Array(16 * 1024).fill(120);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 1_000) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const req = new Request("http://x/api/webhooks/pix", { method: "POST", body: stream, duplex: "half" } as RequestInit);
    expect(await readBodyWithLimit(req)).toEqual({ tooLarge: true });
    expect(pulled).toBeLessThan(10);
  });
});
