import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_DOC_FIXTURES, SANDBOX_FIXTURES } from "./fixtures";
import { resolveOptions } from "./options";
import { startSandbox, type RunningSandbox } from "./server";
import { requestToken, sandboxClient, type SandboxClient } from "./testing";

let doc: RunningSandbox;
let clean: RunningSandbox;
let docApi: SandboxClient;
let cleanApi: SandboxClient;
beforeAll(async () => {
  const common = { port: 0, store: "memory", seedCount: 100, quiet: true, autoClock: false, balanceCents: 50_000 } as const;
  [doc, clean] = await Promise.all([startSandbox({ ...common, quirks: "doc" }), startSandbox({ ...common, quirks: "none" })]);
  docApi = sandboxClient(doc.url, await requestToken(doc.url));
  cleanApi = sandboxClient(clean.url, await requestToken(clean.url));
});
afterAll(async () => {
  await Promise.all([doc?.close(), clean?.close()]);
});

const fixture = SANDBOX_FIXTURES.completedWithQr;

describe("quirks mode doc: answers shaped like the documentation's examples", () => {
  it("both single-payment reads carry the key \"end_to_end \" (trailing space) and the agency as six digits", async () => {
    const byId = await docApi.get(`/v1/pix/payments/${fixture.idempotentId}/idempotent_id`);
    expect(byId.text).toContain(`"end_to_end ":"${fixture.endToEnd}"`);
    expect(Object.keys(byId.body.payment)).not.toContain("end_to_end");
    expect(byId.body.payment.receiver_agency).toBe("001234");
    const byRef = await docApi.get(`/v1/pix/payments/${byId.body.payment.reference_code}`);
    expect(byRef.text).toBe(byId.text);
    // The list and webhooks keep the clean key (the documentation's list example has it).
    expect((await docApi.get(`/v1/pix/payments?end_to_end=${fixture.endToEnd}`)).text).toContain(`"end_to_end":"${fixture.endToEnd}"`);
  });

  it("the 422 text has its leading space", async () => {
    const res = await docApi.post("/v1/pix/payments", { idempotent_id: "too-much", value_cents: 60_000, pix_key_type: "email", pix_key: "a@b.com.br" });
    expect([res.status, res.text]).toEqual([422, '{"error":" Insufficient funds"}']);
  });

  it("reference codes look like the documentation's (P + date + sequence, ZENDRYTESTPIXQRCODE + n)", async () => {
    const p = await docApi.post("/v1/pix/payments", { idempotent_id: "doc-ref-1", value_cents: 100, pix_key_type: "email", pix_key: "a@b.com.br" });
    expect(p.body.payment.reference_code).toMatch(/^P\d{8}\d{10}$/);
    const q = await docApi.post("/v1/pix/qrcodes", { value_cents: 100 });
    expect(q.body.qrcode.reference_code).toBe("ZENDRYTESTPIXQRCODE2");
  });

  it("the documentation's example payment TEST01 and QR code ZENDRYTESTPIXQRCODE1 exist", async () => {
    const d = SANDBOX_DOC_FIXTURES;
    const p = await docApi.get(`/v1/pix/payments/${d.payment.idempotentId}/idempotent_id`);
    expect(p.body.payment).toMatchObject({ reference_code: d.payment.referenceCode, status: "completed", "end_to_end ": d.payment.endToEnd, receiver_agency: "000001" });
    const q = await docApi.get(`/v1/pix/qrcodes/${d.qrcode.referenceCode}`);
    expect(q.body.qrcode).toMatchObject({ external_reference: "TEST01", status: "paid", end_to_end: d.payment.endToEnd });
    expect((await cleanApi.get(`/v1/pix/payments/${d.payment.idempotentId}/idempotent_id`)).status).toBe(406);
  });
});

describe("without quirks", () => {
  it("answers the clean forms", async () => {
    const byId = await cleanApi.get(`/v1/pix/payments/${fixture.idempotentId}/idempotent_id`);
    expect(byId.text).toContain(`"end_to_end":"${fixture.endToEnd}"`);
    expect(byId.body.payment.receiver_agency).toBe("1234");
    const res = await cleanApi.post("/v1/pix/payments", { idempotent_id: "too-much", value_cents: 60_000, pix_key_type: "email", pix_key: "a@b.com.br" });
    expect(res.body).toEqual({ error: "Insufficient funds" });
    expect(clean.state().quirks).toBe("none");
    expect(doc.state().quirks).toBe("doc");
  });

  it("SANDBOX_QUIRKS=doc turns the mode on; anything else but none is refused at start", () => {
    const before = process.env.SANDBOX_QUIRKS;
    try {
      process.env.SANDBOX_QUIRKS = "doc";
      expect(resolveOptions({}).docQuirks).toBe(true);
      expect(resolveOptions({ quirks: "none" }).docQuirks).toBe(false);
      process.env.SANDBOX_QUIRKS = "yes";
      expect(() => resolveOptions({})).toThrow(/SANDBOX_QUIRKS/);
    } finally {
      if (before === undefined) delete process.env.SANDBOX_QUIRKS;
      else process.env.SANDBOX_QUIRKS = before;
    }
  });
});
