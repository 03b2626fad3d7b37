import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { getBalance } from "./balance";
import { getPaymentByReference } from "./payment-by-reference";
import { getPayment, listPayments } from "./payments";
import { getQrcodeByReference } from "./qrcode-by-reference";
import { createCheckout, createQrcode, payQrcodeInHomologation } from "./qrcode-create";
import { getQrcode } from "./qrcodes";
import { listQrcodes } from "./qrcodes-list";
import { postPayment } from "./submit";
import { resetTokenCacheForTests } from "./token";
import { deleteWebhook, listWebhooks } from "./webhook-admin";
import { registerWebhook } from "./webhooks";

/**
 * The provider documentation's own examples, as literal text (its JSON syntax errors, such as
 * trailing commas, aside), served by a fake provider and read through the client: every
 * documented call, with the examples' quirks: the key "end_to_end " (trailing space) in both
 * single-payment reads, " Insufficient funds" (leading space), TEST01 / P2023... /
 * ZENDRYTESTPIXQRCODE1 identifiers, the agency "000001", the balance's own 401 shape.
 */
const E2E = "E18236120202306151500DOCEXAMPLE1";
const PAYMENT_FIELDS = `
    "reference_code": "P202306150000039870",
    "idempotent_id": "TEST01",
    "value_cents": 1000,
    "pix_key_type": "email",
    "pix_key": "teste@zendry.com.br",
    "receiver_name": "Zendry Teste Ltda",
    "receiver_document": "11444777000161",
    "status": "completed",
    "registration_date": "2023-06-15T12:00:00.000-03:00",
    "payment_date": "2023-06-15T12:00:04.000-03:00",
    "cancellation_date": null,
    "cancellation_reason": null,`;
const SINGLE_PAYMENT = `{
  "payment": {${PAYMENT_FIELDS}
    "receiver_bank_name": "Banco Teste S.A.",
    "receiver_agency": "000001",
    "receiver_account": "1234567",
    "receiver_account_type": "checking_account",
    "end_to_end ": "${E2E}"
  }
}`;
const META = `"meta": { "current_page": 1, "total_pages": 1, "total_items_amount": 1, "total_value_cents": 1000 }`;
const QRCODE_FIELDS = `
    "reference_code": "ZENDRYTESTPIXQRCODE1",
    "external_reference": "TEST01",
    "value_cents": 1000,
    "content": "00020101021226830014br.gov.bcb.pix2561qr.zendry.com.br/v2/cobv/7e2a2f0c5a7b4e7d9c2f1b3a4d5e6f7052040000530398654041.005802BR5917ZENDRY TESTE LTDA6009SAO PAULO62070503***6304ABCD",
    "status": "paid",
    "generator_name": "Zendry Teste Ltda",
    "generator_document": "11444777000161",
    "payer_name": "Fulano de Tal",
    "payer_document": "39053344705",
    "registration_date": "2023-06-15T12:00:00.000-03:00",
    "payment_date": "2023-06-15T12:01:00.000-03:00",
    "end_to_end": "${E2E}"`;

/** path (method + path without query) -> [status, literal body]. */
const EXAMPLES: Record<string, [number, string]> = {
  "POST /auth/generate_token": [200, `{ "access_token": "eyJhbGciOiJIUzI1NiJ9.e30.sig", "token_type": "Bearer", "expires_in": 1800 }`],
  "GET /v1/pix/payments/TEST01/idempotent_id": [200, SINGLE_PAYMENT],
  "GET /v1/pix/payments/P202306150000039870": [200, SINGLE_PAYMENT],
  "GET /v1/pix/payments/P000": [406, `{ "error": "Payment not found." }`],
  "GET /v1/pix/payments": [200, `{ "payments": [ {${PAYMENT_FIELDS}
    "end_to_end": "${E2E}" } ], ${META} }`],
  [`GET /v1/pix/qrcodes/end_to_end/${E2E}/`]: [200, `{ "qrcode": {${QRCODE_FIELDS},
    "payer_bank_name": "Banco Teste S.A.", "payer_agency": "000001", "payer_account": "7654321", "payer_account_type": "checking_account" } }`],
  "GET /v1/pix/qrcodes/ZENDRYTESTPIXQRCODE1": [200, `{ "qrcode": {${QRCODE_FIELDS} } }`],
  "GET /v1/pix/qrcodes": [200, `{ "qrcodes": [ {${QRCODE_FIELDS} } ], ${META} }`],
  "POST /v1/pix/qrcodes": [201, `{ "qrcode": { "reference_code": "ZENDRYTESTPIXQRCODE1", "external_reference": "TEST01", "content": "00020101021226830014br.gov.bcb.pix6304ABCD", "image_base64": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==" } }`],
  "POST /v1/pix/checkout": [201, `{ "qrcode_checkout": { "payment_link": "https://checkout.zendry.com.br/pay/4c1b2a", "request_id": "4c1b2a", "reference_code": "ZENDRYTESTPIXQRCODE1" } }`],
  "POST /v1/pix/qrcodes/ZENDRYTESTPIXQRCODE1/pay": [200, `{ "message": "Operation succeeded" }`],
  "GET /v1/webhooks": [200, `{ "webhooks": [ { "url": "https://partner.example.com/webhook", "webhook_type_id": 2, "authorization_header": true }, { "url": "https://partner.example.com/qrcodes", "webhook_type_id": 1, "authorization_header": false } ] }`],
  "POST /v1/webhooks/2": [201, `{ "message": "Operation succeeded" }`],
  "POST /v1/webhooks/1": [200, `{ "message": "Operation succeeded" }`],
  "DELETE /v1/webhooks/1": [200, `{ "message": "Operation succeeded" }`],
  "GET /v1/account/balance": [200, `{ "data": { "account_balance": { "available_value_cents": 150000, "blocked_value_cents": 2500, "total_value_cents": 152500 }, "status": "success" } }`],
  "GET /v1/pix/payments/NEW-1/idempotent_id": [406, `{ "error": "Payment not found." }`],
  "POST /v1/pix/payments": [422, `{ "error": " Insufficient funds" }`],
};

let server: Server;
let seen: string[] = [];
let balanceUnauthorized = false;
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    const key = `${req.method} ${(req.url ?? "/").split("?")[0]}`;
    seen.push(key);
    const found = balanceUnauthorized && key === "GET /v1/account/balance"
      ? ([401, `{ "data": { "error": "Unauthorized", "details": "Invalid token" }, "status": 401 }`] as const)
      : EXAMPLES[key];
    const [status, body] = found ?? [404, `{ "error": "Not found" }`];
    res.writeHead(status, { "content-type": "application/json" }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  Object.assign(process.env, {
    PAYMENTS_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    PAYMENTS_API_CLIENT_ID: "doc-client",
    PAYMENTS_API_CLIENT_SECRET: "doc-secret",
    PAYMENTS_WEBHOOK_AUTHORIZATION: "Bearer doc",
    AUTH_SECRET: "test-auth-secret-test-auth-secret-0001",
    PAYMENTS_API_READ_RETRIES: "0",
    LOG_LEVEL: "silent",
  });
  resetEnvForTests();
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  seen = [];
  balanceUnauthorized = false;
  resetTokenCacheForTests();
});

describe("the documentation's literal examples through the client", () => {
  it("both single-payment reads: the \"end_to_end \" key is the end_to_end, the agency stays \"000001\"", async () => {
    for (const payment of [await getPayment("TEST01"), await getPaymentByReference("P202306150000039870")]) {
      expect(payment).toMatchObject({ idempotent_id: "TEST01", reference_code: "P202306150000039870", end_to_end: E2E, receiver_agency: "000001", status: "completed" });
    }
    await expect(getPaymentByReference("P000")).rejects.toMatchObject({ kind: "not_found", providerMessage: "Payment not found." });
  });

  it("the payment list, the QR code reads and the QR code list", async () => {
    const list = await listPayments({});
    expect(list.payments[0]).toMatchObject({ idempotent_id: "TEST01", end_to_end: E2E });
    expect(list.meta.total_value_cents).toBe(1000);
    expect(await getQrcode(E2E)).toMatchObject({ reference_code: "ZENDRYTESTPIXQRCODE1", payer_agency: "000001", status: "paid" });
    expect(await getQrcodeByReference("ZENDRYTESTPIXQRCODE1")).toMatchObject({ external_reference: "TEST01", end_to_end: E2E, payer_bank_name: null });
    const qrcodes = await listQrcodes({ status: "paid" });
    expect(qrcodes.qrcodes[0]).toMatchObject({ reference_code: "ZENDRYTESTPIXQRCODE1", value_cents: 1000 });
    expect(qrcodes.meta.total_items_amount).toBe(1);
  });

  it("charges: a QR code with its image, a checkout link, the homologation payment", async () => {
    expect(await createQrcode({ value_cents: 1000, external_reference: "TEST01" })).toMatchObject({ reference_code: "ZENDRYTESTPIXQRCODE1", image_base64: expect.stringMatching(/^iVBOR/) });
    expect(await createCheckout({ value_cents: 1000, generator_name: "Zendry", generator_document: "11444777000161", external_link: "https://loja.example.com" })).toEqual({
      payment_link: "https://checkout.zendry.com.br/pay/4c1b2a",
      request_id: "4c1b2a",
      reference_code: "ZENDRYTESTPIXQRCODE1",
    });
    await expect(payQrcodeInHomologation("ZENDRYTESTPIXQRCODE1")).resolves.toBeUndefined();
  });

  it("webhooks: registration answered 201 or 200 with a message, the listing, the removal", async () => {
    await expect(registerWebhook(2, "https://partner.example.com/webhook", "Bearer x")).resolves.toBeUndefined();
    await expect(registerWebhook(1, "https://partner.example.com/qrcodes", "Bearer x")).resolves.toBeUndefined();
    expect(await listWebhooks()).toEqual([
      { typeId: 2, typeName: "pix_payments", url: "https://partner.example.com/webhook", authorizationHeader: true },
      { typeId: 1, typeName: "pix_qrcodes", url: "https://partner.example.com/qrcodes", authorizationHeader: false },
    ]);
    await expect(deleteWebhook(1)).resolves.toBeUndefined();
    expect(seen).toContain("DELETE /v1/webhooks/1");
  });

  it("the balance, and its 401 of the other shape (a clean unauthorized error, no crash)", async () => {
    expect(await getBalance()).toEqual({ availableCents: 150_000, blockedCents: 2_500, totalCents: 152_500 });
    balanceUnauthorized = true;
    await expect(getBalance()).rejects.toMatchObject({ kind: "unauthorized", status: 401 });
  });

  it("the 422 text \" Insufficient funds\" is the provider's refusal, its words trimmed", async () => {
    const outcome = await postPayment({ idempotent_id: "NEW-1", value_cents: 999_999_999, initiation_type: "dict", pix_key_type: "email", pix_key: "a@b.com.br" });
    expect(outcome).toEqual({ kind: "refused", http_status: 422, message: "Insufficient funds" });
  });
});
