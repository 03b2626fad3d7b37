import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import jsQR from "jsqr";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { decodeBrCode } from "@/lib/pix";
import { QRCODE_NOTIFICATION_EXAMPLE } from "./doc-examples";
import { SANDBOX_FIXTURES } from "./fixtures";
import type { qrcodeAnswer, qrcodeListItem } from "./format";
import { startSandbox, type RunningSandbox } from "./server";
import { DOC_SHAPES, docShapeProblems, requestToken, sandboxClient, type SandboxClient } from "./testing";
import { qrcodeMd5Text } from "./webhooks";

type QrcodeListItem = ReturnType<typeof qrcodeListItem>;
type Meta = { current_page: number; total_items_amount: number; total_value_cents: number; total_pages: number };

/** Each answer checked against the documentation's shape, then typed for the test. */
function shaped<T>(body: unknown, shape: Parameters<typeof docShapeProblems>[1], extra?: readonly string[]): T {
  expect(docShapeProblems(body, shape, { extra })).toEqual([]);
  return body as T;
}
const qrcodeList = (body: unknown) => shaped<{ qrcodes: QrcodeListItem[]; meta: Meta }>(body, DOC_SHAPES.qrcodeList);
const qrcodeRead = (body: unknown) => shaped<{ qrcode: ReturnType<typeof qrcodeAnswer> }>(body, DOC_SHAPES.qrcode);
const createdQrcode = (body: unknown) =>
  shaped<{ qrcode: { reference_code: string; external_reference: string | null; content: string; image_base64: string } }>(body, DOC_SHAPES.createdQrcode);
const checkoutAnswer = (body: unknown) => shaped<{ qrcode_checkout: { payment_link: string; request_id: string; reference_code: string } }>(body, DOC_SHAPES.checkout);
/** A QR code notification: the documentation's example, plus external_reference (a field of every QR code it lists). */
const qrcodeHook = (body: unknown) =>
  shaped<{ notification_type: string; message: QrcodeListItem; md5: string }>(body, QRCODE_NOTIFICATION_EXAMPLE.body, ["external_reference"]);

// pngjs ships no type declarations: name the one call used here.
type PngImage = { width: number; height: number; data: Buffer };
const { PNG } = createRequire(import.meta.url)("pngjs") as { PNG: { sync: { read(png: Buffer): PngImage } } };

const ANCHOR = new Date("2026-11-21T15:00:00.000Z");
let now = ANCHOR.getTime();
let sb: RunningSandbox;
let api: SandboxClient;
let receiver: Server;
let received: { authorization: string | undefined; body: unknown }[] = [];
let hookUrl = "";

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString()) });
      res.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/pix`;
  sb = await startSandbox({ port: 0, store: "memory", seedCount: 3_000, quiet: true, autoClock: false, now: () => new Date(now), anchor: ANCHOR });
  api = sandboxClient(sb.url, await requestToken(sb.url));
});
afterAll(async () => {
  await sb.close();
  await new Promise((r) => receiver.close(r));
});
beforeEach(async () => {
  await sb.reset({ webhooks: true });
  now = ANCHOR.getTime();
  received = [];
});

async function listAll(query: string): Promise<{ meta: Meta; rows: QrcodeListItem[] }> {
  const first = await api.get(`/v1/pix/qrcodes?${query}`);
  expect(first.status, first.text).toBe(200);
  const answer = qrcodeList(first.body);
  const rows = [...answer.qrcodes];
  for (let page = 2; page <= answer.meta.total_pages; page++) {
    rows.push(...qrcodeList((await api.get(`/v1/pix/qrcodes?${query}&page=${page}`)).body).qrcodes);
  }
  return { meta: answer.meta, rows };
}

const charge = (body: Record<string, unknown>) => api.post("/v1/pix/qrcodes", body);

describe("GET /v1/pix/qrcodes", () => {
  it("pages of 100, newest first, with totals over all pages in meta", async () => {
    const res = await api.get("/v1/pix/qrcodes");
    const { qrcodes, meta } = qrcodeList(res.body);
    expect(Object.keys(res.body.qrcodes[0]).sort()).toEqual([
      "content", "end_to_end", "external_reference", "generator_document", "generator_name", "payer_document",
      "payer_name", "payment_date", "reference_code", "registration_date", "status", "value_cents",
    ]);
    expect(qrcodes).toHaveLength(100);
    expect(meta.total_items_amount).toBe(sb.state().qrcodes);
    expect(meta.total_pages).toBe(Math.ceil(meta.total_items_amount / 100));
    const all = await listAll("");
    expect(all.rows).toHaveLength(meta.total_items_amount);
    expect(all.rows.reduce((s, q) => s + q.value_cents, 0)).toBe(meta.total_value_cents);
    const dates = all.rows.map((q) => Date.parse(q.registration_date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("filters like the payment list: LIKE on names, documents, reference and end_to_end; exact status; both date pairs", async () => {
    const all = (await listAll("")).rows;
    const paid = all.find((q) => q.status === "paid" && q.payer_name)!;
    const cases: [string, (q: QrcodeListItem) => boolean][] = [
      ["status=awaiting_payment", (q) => q.status === "awaiting_payment"],
      ["status=error", (q) => q.status === "error"],
      [`generator_name=${encodeURIComponent(all[3]!.generator_name!.slice(2, 8).toUpperCase())}`, (q) => (q.generator_name ?? "").toLowerCase().includes(all[3]!.generator_name!.slice(2, 8).toLowerCase())],
      [`generator_document=${all[5]!.generator_document!.slice(0, 6)}`, (q) => (q.generator_document ?? "").includes(all[5]!.generator_document!.slice(0, 6))],
      [`payer_name=${encodeURIComponent(paid.payer_name!.slice(0, 6))}`, (q) => (q.payer_name ?? "").toLowerCase().includes(paid.payer_name!.slice(0, 6).toLowerCase())],
      [`payer_document=${paid.payer_document}`, (q) => q.payer_document === paid.payer_document],
      [`reference_code=${all[7]!.reference_code.slice(4, 12)}`, (q) => q.reference_code.includes(all[7]!.reference_code.slice(4, 12))],
      [`end_to_end=${SANDBOX_FIXTURES.qrAwaiting.endToEnd}`, (q) => q.end_to_end === SANDBOX_FIXTURES.qrAwaiting.endToEnd],
      [
        "registration_start_date=2026-11-18T00:00:00&registration_end_date=2026-11-18T23:59:59",
        (q) => q.registration_date.startsWith("2026-11-18T"),
      ],
      [
        "payment_start_date=2026-11-01T00:00:00&payment_end_date=2026-11-15T23:59:59&status=paid",
        (q) => q.status === "paid" && q.payment_date !== null && q.payment_date >= "2026-11-01T00" && q.payment_date <= "2026-11-15T23:59:59.999",
      ],
    ];
    for (const [query, keep] of cases) {
      const { rows, meta } = await listAll(query);
      const expected = all.filter(keep);
      expect(expected.length, query).toBeGreaterThan(0);
      expect(rows.map((q) => q.reference_code), query).toEqual(expected.map((q) => q.reference_code));
      expect(meta.total_value_cents, query).toBe(expected.reduce((s, q) => s + q.value_cents, 0));
    }
  });

  it("answers 400 in the provider's words", async () => {
    expect((await api.get("/v1/pix/qrcodes?registration_start_date=2026-11-01T00:00:00")).body).toEqual({ error: "registration_end_date required" });
    expect((await api.get("/v1/pix/qrcodes?payment_end_date=2026-11-01T00:00:00")).body).toEqual({ error: "payment_start_date required" });
    expect((await api.get("/v1/pix/qrcodes?status=completed")).status).toBe(400);
    expect((await api.get("/v1/pix/qrcodes?payer_document=12.345")).status).toBe(400);
    const past = await api.get("/v1/pix/qrcodes?page=9999");
    expect([past.status, past.body.qrcodes]).toEqual([200, []]);
  });
});

describe("GET /v1/pix/qrcodes/{reference_code}", () => {
  it("answers the same record as the read by end_to_end; 406 Qrcode not found. otherwise", async () => {
    const byE2e = await api.get(`/v1/pix/qrcodes/end_to_end/${SANDBOX_FIXTURES.completedWithQr.endToEnd}/`);
    const { qrcode } = qrcodeRead(byE2e.body);
    const byRef = await api.get(`/v1/pix/qrcodes/${qrcode.reference_code}`);
    expect(byRef.status).toBe(200);
    expect(byRef.body).toEqual(byE2e.body);
    const missing = await api.get("/v1/pix/qrcodes/no-such-code");
    expect([missing.status, missing.body]).toEqual([406, { error: "Qrcode not found." }]);
    expect((await fetch(`${sb.url}/v1/pix/qrcodes/${qrcode.reference_code}`)).status).toBe(401);
  });
});

describe("POST /v1/pix/qrcodes", () => {
  it("generates a charge: a valid BR Code with CRC and a PNG of it", async () => {
    const res = await charge({ value_cents: 15_990, generator_name: "Loja Aurora Ltda", generator_document: "11222333000181", external_reference: "pedido-77" });
    expect(res.status, res.text).toBe(201);
    const { qrcode } = createdQrcode(res.body);
    expect(Object.keys(res.body.qrcode).sort()).toEqual(["content", "external_reference", "image_base64", "reference_code"]);
    expect(qrcode.external_reference).toBe("pedido-77");
    const decoded = decodeBrCode(qrcode.content);
    expect(decoded).toMatchObject({ ok: true, kind: "dynamic", amountCents: 15_990, merchantName: "Loja Aurora Ltda" });
    expect(decoded.crc.valid).toBe(true);
    const png = PNG.sync.read(Buffer.from(qrcode.image_base64, "base64"));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(qrcode.content);
    const read = qrcodeRead((await api.get(`/v1/pix/qrcodes/${qrcode.reference_code}`)).body).qrcode;
    expect(read).toMatchObject({ status: "awaiting_payment", value_cents: 15_990, end_to_end: null, payment_date: null, content: qrcode.content });
    const listed = await listAll(`reference_code=${qrcode.reference_code}`);
    expect(listed.rows.map((q) => q.reference_code)).toEqual([qrcode.reference_code]);
  });

  it("refuses bad bodies in the provider's words, a blocked generator with 403", async () => {
    const bad = await charge({ value_cents: 100, generator_name: "X", generator_document: "12.345" });
    expect([bad.status, bad.body]).toEqual([400, { error: "generator_document not_a_number" }]);
    expect((await charge({ value_cents: "10" })).body).toEqual({ error: "value_cents not_a_number" });
    expect((await charge({ value_cents: 100, generator_document: "11222333000181" })).body).toEqual({ error: "generator_name required" });
    expect((await charge({ value_cents: 100, generator_name: "X", generator_document: "11222333000182" })).body).toEqual({ error: "generator_document invalid" });
    expect((await charge({ value_cents: 0 })).status).toBe(400);
    const blocked = await charge({ value_cents: 100, generator_name: "Fulano", generator_document: "52998224725" });
    expect([blocked.status, blocked.body]).toEqual([403, { error: "Generator not allowed" }]);
  });
});

describe("POST /v1/pix/checkout", () => {
  it("answers a payment link whose page shows the charge", async () => {
    const res = await api.post("/v1/pix/checkout", { value_cents: 4_500, generator_name: "Loja Aurora", generator_document: "11222333000181", external_link: "https://loja.example.com/pedido/1" });
    expect(res.status, res.text).toBe(201);
    const { qrcode_checkout: c } = checkoutAnswer(res.body);
    expect(c.payment_link).toBe(`${sb.url}/checkout/${c.request_id}`);
    const page = await fetch(c.payment_link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("R$ 45,00");
    expect((await api.get(`/v1/pix/qrcodes/${c.reference_code}`)).body.qrcode.status).toBe("awaiting_payment");
    expect((await api.post("/v1/pix/checkout", { value_cents: 4_500 })).body.error).toContain("generator_name required");
  });
});

describe("POST /v1/pix/qrcodes/{reference_code}/pay (homologation)", () => {
  it("marks the charge paid and notifies type 1 with the documented md5", async () => {
    expect((await api.post("/v1/webhooks/1", { url: hookUrl, authorization: "Bearer qr-hook" })).status).toBe(201);
    const { qrcode } = createdQrcode((await charge({ value_cents: 2_500 })).body);
    now += 60_000;
    const pay = await api.post(`/v1/pix/qrcodes/${qrcode.reference_code}/pay`, {});
    expect([pay.status, pay.body]).toEqual([200, { message: "Operation succeeded" }]);
    const read = qrcodeRead((await api.get(`/v1/pix/qrcodes/${qrcode.reference_code}`)).body).qrcode;
    expect(read.status).toBe("paid");
    expect(read.payer_name).toBeTruthy();
    expect(read.payment_date).toBe("2026-11-21T12:01:00.000-03:00");
    expect(read.end_to_end).toMatch(/^E[0-9A-Z]{8}202611211501[a-zA-Z0-9]{11}$/);
    expect((await api.get(`/v1/pix/qrcodes/end_to_end/${read.end_to_end}/`)).body.qrcode.reference_code).toBe(qrcode.reference_code);
    await sb.webhooksIdle();
    expect(received).toHaveLength(1);
    expect(received[0]!.authorization).toBe("Bearer qr-hook");
    const hook = qrcodeHook(received[0]!.body);
    expect(hook.notification_type).toBe("pix_qrcode");
    expect(hook.message).toMatchObject({ reference_code: qrcode.reference_code, status: "paid", end_to_end: read.end_to_end });
    expect(hook.md5).toBe(createHash("md5").update(qrcodeMd5Text(hook.message, "sandbox-secret")).digest("hex"));
    expect(hook.md5).toBe(createHash("md5").update(`qrcode.${qrcode.reference_code}.${read.end_to_end}.2500.sandbox-secret`).digest("hex"));
    // Paid already: the documentation's one refusal (README "Paying a paid code"), nothing paid twice.
    const twice = await api.post(`/v1/pix/qrcodes/${qrcode.reference_code}/pay`, {});
    expect([twice.status, twice.body]).toEqual([422, { error: "Qrcode canceled" }]);
    expect(qrcodeRead((await api.get(`/v1/pix/qrcodes/${qrcode.reference_code}`)).body).qrcode.end_to_end).toBe(read.end_to_end);
    await sb.webhooksIdle();
    expect(received).toHaveLength(1);
  });

  it("a static seeded code notifies as pix_static_qrcode; nothing goes out without a type-1 registration", async () => {
    const awaiting = (await listAll("status=awaiting_payment")).rows;
    const staticOne = awaiting.find((q) => decodeBrCode(q.content).kind === "static")!;
    expect((await api.post(`/v1/pix/qrcodes/${staticOne.reference_code}/pay`, {})).status).toBe(200);
    await sb.webhooksIdle();
    expect(received).toEqual([]);
    await api.post("/v1/webhooks/1", { url: hookUrl, authorization: "Bearer qr-hook" });
    const another = awaiting.find((q) => q !== staticOne && decodeBrCode(q.content).kind === "static");
    if (another) {
      await api.post(`/v1/pix/qrcodes/${another.reference_code}/pay`, {});
      await sb.webhooksIdle();
      expect(qrcodeHook(received[0]!.body).notification_type).toBe("pix_static_qrcode");
    }
  });

  it("406 for an unknown code, 422 Qrcode canceled for canceled, failed and expired ones", async () => {
    expect((await api.post("/v1/pix/qrcodes/nope/pay", {})).body).toEqual({ error: "Qrcode not found." });
    const canceled = (await api.get(`/v1/pix/qrcodes/end_to_end/${SANDBOX_FIXTURES.qrCanceled.endToEnd}/`)).body.qrcode.reference_code;
    const failed = (await api.get(`/v1/pix/qrcodes/end_to_end/${SANDBOX_FIXTURES.qrError.endToEnd}/`)).body.qrcode.reference_code;
    for (const ref of [canceled, failed]) {
      const res = await api.post(`/v1/pix/qrcodes/${ref}/pay`, {});
      expect([res.status, res.body]).toEqual([422, { error: "Qrcode canceled" }]);
    }
    const { qrcode } = createdQrcode((await charge({ value_cents: 700, expiration_time: 60 })).body);
    now += 61_000;
    expect((await api.get(`/v1/pix/qrcodes/${qrcode.reference_code}`)).body.qrcode.status).toBe("canceled");
    expect((await api.post(`/v1/pix/qrcodes/${qrcode.reference_code}/pay`, {})).status).toBe(422);
  });

  it("reset brings seeded codes back and forgets charges", async () => {
    const awaiting = (await listAll("status=awaiting_payment")).rows[0]!;
    const { qrcode } = createdQrcode((await charge({ value_cents: 700 })).body);
    await api.post(`/v1/pix/qrcodes/${awaiting.reference_code}/pay`, {});
    await sb.reset();
    expect((await api.get(`/v1/pix/qrcodes/${awaiting.reference_code}`)).body.qrcode.status).toBe("awaiting_payment");
    expect((await api.get(`/v1/pix/qrcodes/${qrcode.reference_code}`)).status).toBe(406);
  });
});

describe("GET /v1/pix/payments/{reference_code}", () => {
  it("answers exactly like the read by idempotent_id; 406 Payment not found. otherwise", async () => {
    const byId = await api.get(`/v1/pix/payments/${SANDBOX_FIXTURES.completedWithQr.idempotentId}/idempotent_id`);
    const byRef = await api.get(`/v1/pix/payments/${byId.body.payment.reference_code}`);
    expect(byRef.status).toBe(200);
    expect(byRef.body).toEqual(byId.body);
    expect((await api.get("/v1/pix/payments/no-such-reference")).body).toEqual({ error: "Payment not found." });
    const registered = await api.post("/v1/pix/payments", { idempotent_id: "by-ref-1", value_cents: 100, pix_key_type: "email", pix_key: "a@b.com.br" });
    expect((await api.get(`/v1/pix/payments/${registered.body.payment.reference_code}`)).body.payment.idempotent_id).toBe("by-ref-1");
    expect((await api.raw(`/v1/pix/payments/${registered.body.payment.reference_code}`, { method: "DELETE" })).status).toBe(405);
  });
});

describe("GET /v1/account/balance", () => {
  it("available = balance less what authorized transfers in flight hold; paid charges add to it", async () => {
    const read = async () => (await api.get("/v1/account/balance")).body;
    expect(await read()).toEqual({
      data: { account_balance: { available_value_cents: 100_000_000, blocked_value_cents: 0, total_value_cents: 100_000_000 }, status: "success" },
    });
    await api.post("/v1/pix/payments", { idempotent_id: "bal-1", value_cents: 30_000, authorized: true, pix_key_type: "email", pix_key: "a@b.com.br" });
    await api.post("/v1/pix/payments", { idempotent_id: "bal-pending", value_cents: 50_000, pix_key_type: "email", pix_key: "a@b.com.br" });
    expect((await read()).data.account_balance).toEqual({ available_value_cents: 99_970_000, blocked_value_cents: 30_000, total_value_cents: 100_000_000 });
    const { qrcode } = createdQrcode((await charge({ value_cents: 1_000 })).body);
    await api.post(`/v1/pix/qrcodes/${qrcode.reference_code}/pay`, {});
    expect((await read()).data.account_balance.available_value_cents).toBe(99_971_000);
  });

  it("its 401 has the other documented shape", async () => {
    const res = await fetch(`${sb.url}/v1/account/balance`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ data: { error: "Unauthorized", details: "Invalid or expired access token" }, status: 401 });
  });
});
