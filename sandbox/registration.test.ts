import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { planFor } from "./lifecycle";
import { startSandbox, type RunningSandbox } from "./server";
import { DOC_SHAPES, docShapeProblems, requestToken, sandboxClient, type SandboxClient } from "./testing";

let sb: RunningSandbox;
let api: SandboxClient;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, store: "memory", seedCount: 300, quiet: true, autoClock: false });
  api = sandboxClient(sb.url, await requestToken(sb.url));
});
afterAll(() => sb.close());
beforeEach(async () => {
  await sb.reset();
});

// Deterministic ids: the sandbox plans each payment's end from its idempotent_id (5% are
// canceled before being sent), so random ids made status assertions flaky.
let seq = 0;
const nextId = (prefix: string) => `${prefix}-${++seq}`;
const dict = (over: Record<string, unknown> = {}) => ({
  idempotent_id: nextId("reg"),
  value_cents: 12_345,
  initiation_type: "dict",
  pix_key_type: "email",
  pix_key: "fornecedor@example.com",
  receiver_name: "Fornecedor Exemplo Ltda",
  receiver_document: "11222333000181",
  ...over,
});
const manual = (over: Record<string, unknown> = {}) => ({
  idempotent_id: nextId("man"),
  value_cents: 5_000,
  initiation_type: "manual",
  receiver_name: "Maria Aparecida dos Santos",
  receiver_document: "39053344705",
  receiver_bank_ispb: "00360305",
  receiver_agency: "1234",
  receiver_account: "123456",
  receiver_account_type: "SVGS",
  ...over,
});
const register = (body: unknown) => api.post("/v1/pix/payments", body);

describe("POST /v1/pix/payments: accepted", () => {
  it("answers 201 authorization_pending when authorized is omitted", async () => {
    const body = dict();
    const res = await register(body);
    expect(res.status).toBe(201);
    expect(docShapeProblems(res.body, DOC_SHAPES.registration)).toEqual([]);
    const { payment } = res.body;
    expect(Object.keys(res.body.payment).sort()).toEqual(
      ["reference_code", "idempotent_id", "value_cents", "pix_key_type", "pix_key", "receiver_name", "receiver_document", "status"].sort(),
    );
    expect(payment).toMatchObject({
      idempotent_id: body.idempotent_id,
      value_cents: 12_345,
      pix_key_type: "email",
      pix_key: "fornecedor@example.com",
      receiver_name: "Fornecedor Exemplo Ltda",
      receiver_document: "11222333000181",
      status: "authorization_pending",
    });
  });

  it("answers auto_authorization when authorized is true", async () => {
    const res = await register(dict({ authorized: true }));
    expect(res.status).toBe(201);
    expect(res.body.payment.status).toBe("auto_authorization");
  });

  it("treats an omitted initiation_type as dict and resolves the key's receiver", async () => {
    const { initiation_type: _omit, receiver_name: _n, receiver_document: _d, ...body } = dict({
      pix_key_type: "cpf",
      pix_key: "390.533.447-05",
    });
    const res = await register(body);
    expect(res.status).toBe(201);
    expect(res.body.payment.pix_key).toBe("39053344705");
    expect(res.body.payment.receiver_document).toBe("39053344705");
    expect(res.body.payment.receiver_name.length).toBeGreaterThan(3);
  });

  it("registers a manual payment with its bank data", async () => {
    const body = manual();
    const res = await register(body);
    expect(res.status).toBe(201);
    expect(res.body.payment.pix_key).toBeNull();
    const detail = await api.get(`/v1/pix/payments/${body.idempotent_id}/idempotent_id`);
    expect(detail.body.payment).toMatchObject({
      receiver_bank_name: "Caixa Econômica Federal",
      receiver_agency: "1234",
      receiver_account: "123456",
      receiver_account_type: "savings_account",
      pix_key_type: "cpf",
    });
  });
});

describe("POST /v1/pix/payments: refused", () => {
  it.each([
    [{}, "idempotent_id required | value_cents required | pix_key_type required | pix_key required"],
    [{ value_cents: "12" }, "idempotent_id required | value_cents not_a_number | pix_key_type required | pix_key required"],
    [dict({ pix_key: undefined }), "pix_key required"],
    [dict({ value_cents: "abc", receiver_name: 42 }), "value_cents not_a_number | receiver_name invalid"],
    [dict({ value_cents: 1.5 }), "value_cents not_an_integer"],
    [dict({ value_cents: 0 }), "value_cents must_be_greater_than_0"],
    [dict({ value_cents: -10 }), "value_cents must_be_greater_than_0"],
    [dict({ idempotent_id: "x".repeat(256) }), "idempotent_id too_long"],
    [dict({ idempotent_id: "" }), "idempotent_id required"],
    [dict({ pix_key_type: "iban" }), "pix_key_type not_included_in_list"],
    [dict({ initiation_type: "qr" }), "initiation_type not_included_in_list"],
    [dict({ authorized: "yes" }), "authorized invalid"],
    [dict({ receiver_name: "N".repeat(101) }), "receiver_name too_long"],
    [dict({ receiver_document: "123.456.789-09" }), "receiver_document invalid"],
    [dict({ receiver_document: "12345678901" }), "receiver_document invalid"],
    [dict({ pix_key_type: "token", pix_key: "not-a-uuid" }), "pix_key invalid"],
    [manual({ receiver_bank_ispb: undefined, receiver_agency: "12a" }), "receiver_bank_ispb required | receiver_agency invalid"],
    [manual({ receiver_account_type: "XXXX" }), "receiver_account_type not_included_in_list"],
    [manual({ receiver_name: "", receiver_account: undefined }), "receiver_name required | receiver_account required"],
  ])("400 for %j", async (body, message) => {
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
    expect(sb.state().payments.registered).toBe(0);
  });

  it("403 Receiver not allowed for a blocked document, as document or as key", async () => {
    for (const body of [
      dict({ receiver_document: "52998224725" }),
      dict({ pix_key_type: "cpf", pix_key: "52998224725", receiver_document: undefined }),
      manual({ receiver_document: "52998224725" }),
    ]) {
      const res = await register(body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: "Receiver not allowed" });
    }
    expect(sb.state().payments.registered).toBe(0);
  });

  it("422 Insufficient funds above the remaining balance", async () => {
    expect((await register(dict({ value_cents: 100_000_001 }))).body).toEqual({ error: "Insufficient funds" });
    expect((await register(dict({ value_cents: 60_000_000, authorized: true }))).status).toBe(201);
    const over = await register(dict({ value_cents: 40_000_001 }));
    expect(over.status).toBe(422);
    expect(sb.state().balance.availableCents).toBe(40_000_000);
    expect((await register(dict({ value_cents: 40_000_000, authorized: true }))).status).toBe(201);
    expect(sb.state().balance.availableCents).toBe(0);
    expect((await register(dict({ value_cents: 1 }))).status).toBe(422);
  });

  it("refuses broken JSON, other content types, non-objects and huge bodies without change", async () => {
    const cases: [RequestInit, number, string][] = [
      [{ method: "POST", body: "{not json", headers: { "content-type": "application/json" } }, 400, "Invalid JSON body"],
      [{ method: "POST", body: "", headers: { "content-type": "application/json" } }, 400, "Invalid JSON body"],
      [{ method: "POST", body: JSON.stringify(dict()), headers: { "content-type": "text/plain" } }, 415, "Content-Type must be application/json"],
      [{ method: "POST", body: "idempotent_id=1", headers: { "content-type": "application/x-www-form-urlencoded" } }, 415, "Content-Type must be application/json"],
      [{ method: "POST", body: "[1,2]", headers: { "content-type": "application/json" } }, 400, "Body must be a JSON object"],
      [{ method: "POST", body: "null", headers: { "content-type": "application/json" } }, 400, "Body must be a JSON object"],
      [{ method: "POST", body: JSON.stringify(dict({ receiver_name: "x".repeat(70_000) })), headers: { "content-type": "application/json" } }, 413, "Request body too large"],
      [{ method: "PUT", body: "{}", headers: { "content-type": "application/json" } }, 405, "Method not allowed"],
    ];
    for (const [init, status, message] of cases) {
      const res = await api.raw("/v1/pix/payments", init);
      expect([res.status, res.body]).toEqual([status, { error: message }]);
    }
    expect(sb.state().payments.registered).toBe(0);
  });
});

describe("a repeated idempotent_id never creates a second payment", () => {
  it("same body: 201 with the existing payment (its current state)", async () => {
    const body = dict({ authorized: true, idempotent_id: "reg-same-body" });
    expect(planFor(body.idempotent_id as string)).not.toBe("cancel_before_sent");
    const first = await register(body);
    await sb.advance(10_000);
    const again = await register(body);
    expect(again.status).toBe(201);
    expect(again.body.payment.reference_code).toBe(first.body.payment.reference_code);
    expect(again.body.payment.status).toBe("sent");
    expect(sb.state().payments.registered).toBe(1);
    expect(sb.state().balance.blockedCents).toBe(12_345);
  });

  it("same body with defaults spelled out is the same body", async () => {
    const { initiation_type: _i, ...body } = dict();
    await register(body);
    const again = await register({ ...body, initiation_type: "dict", authorized: false });
    expect(again.status).toBe(201);
    expect(sb.state().payments.registered).toBe(1);
  });

  it("different body or a seeded id: 400 idempotent_id already used", async () => {
    const body = dict();
    await register(body);
    for (const other of [{ ...body, value_cents: 1 }, dict({ idempotent_id: "sandbox-known-pending" })]) {
      const res = await register(other);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: "idempotent_id already used" });
    }
    expect(sb.state().payments.registered).toBe(1);
  });

  it("concurrent repeats create exactly one payment", async () => {
    const body = dict({ authorized: true });
    const answers = await Promise.all(Array.from({ length: 20 }, () => register(body)));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body.payment.reference_code)).size).toBe(1);
    expect(sb.state().payments.registered).toBe(1);
  });
});
