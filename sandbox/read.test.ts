import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeBrCode } from "@/lib/pix";
import { SANDBOX_FIXTURES } from "./fixtures";
import { startSandbox, type RunningSandbox } from "./server";
import { DOC_DATETIME_RE as PROVIDER_DATETIME_RE, DOC_SHAPES, docShapeProblems, requestToken, sandboxClient, type SandboxClient } from "./testing";

let sb: RunningSandbox;
let api: SandboxClient;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, store: "memory", seedCount: 2_000, quiet: true, autoClock: false });
  api = sandboxClient(sb.url, await requestToken(sb.url));
});
afterAll(() => sb.close());

const DETAIL_KEYS = [
  "reference_code", "idempotent_id", "value_cents", "pix_key_type", "pix_key", "receiver_name",
  "receiver_document", "status", "registration_date", "payment_date", "cancellation_date",
  "cancellation_reason", "end_to_end", "receiver_bank_name", "receiver_agency", "receiver_account",
  "receiver_account_type",
].sort();

describe("GET v1/pix/payments/{idempotent_id}/idempotent_id", () => {
  it("answers the full payment with bank data and provider datetimes", async () => {
    const res = await api.get(`/v1/pix/payments/${SANDBOX_FIXTURES.completedWithQr.idempotentId}/idempotent_id`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.payment).sort()).toEqual(DETAIL_KEYS);
    expect(docShapeProblems(res.body, DOC_SHAPES.singleRead)).toEqual([]);
    const { payment } = res.body;
    expect(payment.status).toBe("completed");
    expect(payment.end_to_end).toBe(SANDBOX_FIXTURES.completedWithQr.endToEnd);
    expect(payment.registration_date).toBe("2026-11-16T09:29:58.412-03:00");
    expect(payment.payment_date).toMatch(PROVIDER_DATETIME_RE);
    expect(payment.cancellation_date).toBeNull();
    expect(payment.receiver_bank_name).toBe("Banco do Brasil");
  });

  it("percent-decodes the path parameter (space, slash, accents)", async () => {
    const id = SANDBOX_FIXTURES.oddId.idempotentId;
    const res = await api.get(`/v1/pix/payments/${encodeURIComponent(id)}/idempotent_id`);
    expect(res.status).toBe(200);
    expect(res.body.payment.idempotent_id).toBe(id);
  });

  it("answers canceled payments with date and reason, pending ones without dates", async () => {
    const canceled = await api.get(`/v1/pix/payments/${SANDBOX_FIXTURES.canceledEarly.idempotentId}/idempotent_id`);
    expect(canceled.body.payment).toMatchObject({ status: "canceled", end_to_end: null, payment_date: null });
    expect(canceled.body.payment.cancellation_date).toMatch(PROVIDER_DATETIME_RE);
    expect(canceled.body.payment.cancellation_reason).toBeTruthy();
    const pending = await api.get(`/v1/pix/payments/${SANDBOX_FIXTURES.pending.idempotentId}/idempotent_id`);
    expect(pending.body.payment).toMatchObject({ status: "authorization_pending", payment_date: null, cancellation_date: null });
  });

  it("answers 406 Payment not found. for an unknown id", async () => {
    for (const id of ["no-such-payment", "%20", "a%2Fb"]) {
      const res = await api.get(`/v1/pix/payments/${id}/idempotent_id`);
      expect([res.status, res.body]).toEqual([406, { error: "Payment not found." }]);
    }
  });

  it("answers 400 for a malformed percent-encoding and 404 for unknown paths", async () => {
    expect((await api.get("/v1/pix/payments/%E0%A4%A/idempotent_id")).status).toBe(400);
    const unknown = await api.get("/v1/pix/payments/x/reference_code");
    expect([unknown.status, unknown.body]).toEqual([404, { error: "Not found" }]);
  });
});

describe("GET /v1/pix/qrcodes/end_to_end/{end_to_end}/", () => {
  it("answers the QR code directly on the trailing-slash path, and without it", async () => {
    const e2e = SANDBOX_FIXTURES.completedWithQr.endToEnd;
    for (const path of [`/v1/pix/qrcodes/end_to_end/${e2e}/`, `/v1/pix/qrcodes/end_to_end/${e2e}`]) {
      const res = await fetch(`${sb.url}${path}`, {
        headers: { authorization: `Bearer ${await requestToken(sb.url)}` },
        redirect: "manual",
      });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(docShapeProblems(body, DOC_SHAPES.qrcode)).toEqual([]);
      const { qrcode } = body;
      expect(qrcode).toMatchObject({ end_to_end: e2e, status: "paid", value_cents: 125_990 });
      const decoded = decodeBrCode(qrcode.content);
      expect(decoded.crc.valid).toBe(true);
      expect(decoded.amountCents).toBe(125_990);
    }
  });

  it("carries the documented fields", async () => {
    const res = await api.get(`/v1/pix/qrcodes/end_to_end/${SANDBOX_FIXTURES.qrAwaiting.endToEnd}/`);
    expect(Object.keys(res.body.qrcode).sort()).toEqual(
      [
        "reference_code", "external_reference", "value_cents", "content", "status", "generator_name",
        "generator_document", "payer_name", "payer_document", "payer_bank_name", "payer_agency",
        "payer_account", "payer_account_type", "registration_date", "payment_date", "end_to_end",
      ].sort(),
    );
    expect(res.body.qrcode).toMatchObject({ status: "awaiting_payment", payer_name: null, payment_date: null });
    expect(decodeBrCode(res.body.qrcode.content).kind).toBe("dynamic");
  });

  it("serves QR codes in all four statuses, and the wrong-CRC ones as they are", async () => {
    const statuses: Record<string, string> = {
      [SANDBOX_FIXTURES.completedWithQr.endToEnd]: "paid",
      [SANDBOX_FIXTURES.qrAwaiting.endToEnd]: "awaiting_payment",
      [SANDBOX_FIXTURES.qrCanceled.endToEnd]: "canceled",
      [SANDBOX_FIXTURES.qrError.endToEnd]: "error",
    };
    for (const [e2e, status] of Object.entries(statuses)) {
      expect((await api.get(`/v1/pix/qrcodes/end_to_end/${e2e}/`)).body.qrcode.status).toBe(status);
    }
    for (const fixture of [SANDBOX_FIXTURES.badCrcPaid, SANDBOX_FIXTURES.badCrcAwaiting]) {
      const res = await api.get(`/v1/pix/qrcodes/end_to_end/${fixture.endToEnd}/`);
      expect(res.status).toBe(200);
      const crc = decodeBrCode(res.body.qrcode.content).crc;
      expect(crc.present).toBe(true);
      expect(crc.valid).toBe(false);
    }
  });

  it("links seeded QR codes to seeded payments by end_to_end", async () => {
    const list = await api.get("/v1/pix/payments?status=completed&page=1");
    let found = 0;
    for (const p of list.body.payments) {
      const res = await api.get(`/v1/pix/qrcodes/end_to_end/${p.end_to_end}/`);
      if (res.status !== 200) continue;
      found++;
      expect(res.body.qrcode.value_cents).toBe(p.value_cents);
      expect(res.body.qrcode.generator_document).toBe(p.receiver_document);
    }
    expect(found).toBeGreaterThan(0);
  });

  it("answers 406 Qrcode not found. for a payment without a QR code or an unknown id", async () => {
    for (const e2e of [SANDBOX_FIXTURES.completedNoQr.endToEnd, "E00000000202601010000XXXXXXXXXXX", "x".repeat(40)]) {
      const res = await api.get(`/v1/pix/qrcodes/end_to_end/${e2e}/`);
      expect([res.status, res.body]).toEqual([406, { error: "Qrcode not found." }]);
    }
  });
});

describe("GET /v1/webhooks/types", () => {
  it("lists the two documented types", async () => {
    const res = await api.get("/v1/webhooks/types");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      webhook_types: [
        { id: 1, name: "pix_qrcodes" },
        { id: 2, name: "pix_payments" },
      ],
    });
  });
});
