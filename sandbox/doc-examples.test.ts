import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CHARGE_EXAMPLE,
  CHARGE_TEMPLATE,
  CHECKOUT_EXAMPLE,
  REGISTER_DICT_EXAMPLE,
  REGISTER_MANUAL_EXAMPLE,
  SINGLE_READ_EXAMPLE,
} from "./doc-examples";
import { startSandbox, type RunningSandbox } from "./server";
import { DOC_SHAPES, docShapeProblems, requestToken, sandboxClient, shapeProblems, type SandboxClient } from "./testing";

/**
 * The documentation's own example requests, sent as a partner copying them would. In doc mode
 * the sandbox takes them as the provider does; the default mode is stricter than the
 * documentation on purpose (README "Two readings, two modes").
 */
let doc: RunningSandbox;
let strict: RunningSandbox;
let docApi: SandboxClient;
let strictApi: SandboxClient;
let clock = Date.parse("2026-11-21T15:00:00.000Z");
beforeAll(async () => {
  const common = { port: 0, store: "memory", seedCount: 50, quiet: true, autoClock: false, now: () => new Date(clock) } as const;
  [doc, strict] = await Promise.all([startSandbox({ ...common, quirks: "doc" }), startSandbox({ ...common, quirks: "none" })]);
  docApi = sandboxClient(doc.url, await requestToken(doc.url));
  strictApi = sandboxClient(strict.url, await requestToken(strict.url));
});
afterAll(async () => {
  await Promise.all([doc?.close(), strict?.close()]);
});

describe("POST /v1/pix/checkout with the documentation's example", () => {
  it("doc mode: 201 with a payment link, payable 1800 s (the documented default), a page that links back", async () => {
    const res = await docApi.post("/v1/pix/checkout", CHECKOUT_EXAMPLE);
    expect(res.status, res.text).toBe(201);
    expect(docShapeProblems(res.body, DOC_SHAPES.checkout)).toEqual([]);
    const { payment_link, reference_code } = res.body.qrcode_checkout;
    expect(reference_code).toMatch(/^ZENDRYTESTPIXQRCODE\d+$/);
    const page = await (await fetch(payment_link)).text();
    expect(page).toContain("R$ 100,01");
    expect(page).toContain('href="https://johndoepage.com"');
    const read = await docApi.get(`/v1/pix/qrcodes/${reference_code}`);
    expect(read.body.qrcode).toMatchObject({ status: "awaiting_payment", generator_name: "John Doe", generator_document: "12345678900", value_cents: 10001 });
    await doc.advance(1_800_001);
    expect((await docApi.get(`/v1/pix/qrcodes/${reference_code}`)).body.qrcode.status).toBe("canceled");
  });

  it("default mode: refused as the issue saw it, stricter than the documentation", async () => {
    const res = await strictApi.post("/v1/pix/checkout", CHECKOUT_EXAMPLE);
    expect([res.status, res.body]).toEqual([400, { error: "generator_document invalid | expiration_time not_a_number" }]);
    const fixed = await strictApi.post("/v1/pix/checkout", { ...CHECKOUT_EXAMPLE, generator_document: "11222333000181", expiration_time: 1800 });
    expect([fixed.status, fixed.body]).toEqual([400, { error: "external_link invalid" }]);
  });
});

describe("POST /v1/pix/qrcodes with the documentation's example", () => {
  it("doc mode: the example's values are a charge (201 with its BR Code and image)", async () => {
    const res = await docApi.post("/v1/pix/qrcodes", CHARGE_EXAMPLE);
    expect(res.status, res.text).toBe(201);
    expect(docShapeProblems(res.body, DOC_SHAPES.createdQrcode)).toEqual([]);
    expect(res.body.qrcode.external_reference).toBe("TEST01");
    const read = await docApi.get(`/v1/pix/qrcodes/${res.body.qrcode.reference_code}`);
    expect(read.body.qrcode).toMatchObject({ generator_name: "John Doe", generator_document: "12345678900", value_cents: 10001 });
  });

  it("doc mode: the printed template, whose values are type names, is refused in the provider's words", async () => {
    const res = await docApi.post("/v1/pix/qrcodes", CHARGE_TEMPLATE);
    expect([res.status, res.body]).toEqual([400, { error: "generator_document not_a_number | expiration_time not_a_number" }]);
  });

  it("default mode: refused as the issue saw it", async () => {
    const res = await strictApi.post("/v1/pix/qrcodes", CHARGE_EXAMPLE);
    expect([res.status, res.body]).toEqual([400, { error: "generator_document invalid | expiration_time not_a_number" }]);
  });
});

describe("POST /v1/pix/payments with the documentation's examples", () => {
  it.each([
    ["DICT", REGISTER_DICT_EXAMPLE],
    ["MANUAL", REGISTER_MANUAL_EXAMPLE],
  ])("%s: 201 in both modes, shaped as documented", async (_kind, example) => {
    for (const [api, sb] of [
      [docApi, doc],
      [strictApi, strict],
    ] as const) {
      const res = await api.post("/v1/pix/payments", example);
      expect(res.status, res.text).toBe(201);
      expect(docShapeProblems(res.body, DOC_SHAPES.registration)).toEqual([]);
      expect(res.body.payment).toMatchObject({ idempotent_id: example.idempotent_id, value_cents: 10000, status: "authorization_pending" });
      await sb.reset();
    }
  });

  it("doc mode: the single read has the example's keys exactly, \"end_to_end \" included", async () => {
    await docApi.post("/v1/pix/payments", REGISTER_DICT_EXAMPLE);
    const res = await docApi.get(`/v1/pix/payments/${REGISTER_DICT_EXAMPLE.idempotent_id}/idempotent_id`);
    expect(shapeProblems(res.body, SINGLE_READ_EXAMPLE, { nullable: ["payment_date", "end_to_end ", "receiver_bank_name", "receiver_agency", "receiver_account", "receiver_account_type"] })).toEqual([]);
    expect(Object.keys(res.body.payment)).toContain("end_to_end ");
  });
});

describe("POST /v1/pix/qrcodes/{reference_code}/pay on a code already paid", () => {
  it("answers the documentation's refusal, 422 Qrcode canceled, in both modes; nothing is paid twice", async () => {
    clock += 1;
    for (const api of [docApi, strictApi]) {
      const { reference_code } = (await api.post("/v1/pix/qrcodes", { value_cents: 300 })).body.qrcode;
      expect((await api.post(`/v1/pix/qrcodes/${reference_code}/pay`, {})).status).toBe(200);
      const paid = (await api.get(`/v1/pix/qrcodes/${reference_code}`)).body.qrcode;
      const again = await api.post(`/v1/pix/qrcodes/${reference_code}/pay`, {});
      expect([again.status, again.body]).toEqual([422, { error: "Qrcode canceled" }]);
      expect((await api.get(`/v1/pix/qrcodes/${reference_code}`)).body.qrcode).toEqual(paid);
    }
  });
});
