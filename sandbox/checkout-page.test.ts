import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { QRCODE_NOTIFICATION_EXAMPLE } from "./doc-examples";
import type { qrcodeAnswer, qrcodeListItem } from "./format";
import { startSandbox, type RunningSandbox } from "./server";
import { DOC_SHAPES, docShapeProblems, requestToken, sandboxClient, type SandboxClient } from "./testing";

/** The checkout page of a payment link (GET /checkout/{request_id}) and its "Pagar" (README: POST /v1/pix/checkout). */
type QrcodeListItem = ReturnType<typeof qrcodeListItem>;
function shaped<T>(body: unknown, shape: Parameters<typeof docShapeProblems>[1], extra?: readonly string[]): T {
  expect(docShapeProblems(body, shape, { extra })).toEqual([]);
  return body as T;
}
const qrcodeRead = (body: unknown) => shaped<{ qrcode: ReturnType<typeof qrcodeAnswer> }>(body, DOC_SHAPES.qrcode);
const checkoutAnswer = (body: unknown) => shaped<{ qrcode_checkout: { payment_link: string; request_id: string; reference_code: string } }>(body, DOC_SHAPES.checkout);
const qrcodeHook = (body: unknown) =>
  shaped<{ notification_type: string; message: QrcodeListItem; md5: string }>(body, QRCODE_NOTIFICATION_EXAMPLE.body, ["external_reference"]);

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
  sb = await startSandbox({ port: 0, store: "memory", seedCount: 50, quiet: true, autoClock: false, now: () => new Date(now), anchor: ANCHOR });
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

describe("the checkout page's \"Pagar\" (the payer on the payment link)", () => {
  it("pays the charge as /pay does: paid, notified type 1 with the documented md5, the page then says so; a second press is refused", async () => {
    expect((await api.post("/v1/webhooks/1", { url: hookUrl, authorization: "Bearer qr-hook" })).status).toBe(201);
    const res = await api.post("/v1/pix/checkout", { value_cents: 7_890, generator_name: "Loja Aurora", generator_document: "11222333000181", external_link: "https://loja.example.com/pedido/2" });
    const { qrcode_checkout: c } = checkoutAnswer(res.body);
    const page = await (await fetch(c.payment_link)).text();
    expect(page).toContain("Aguardando pagamento");
    expect(page).toContain(`action="/checkout/${c.request_id}/pay"`);
    now += 120_000;
    // A browser's form post: no token, an empty urlencoded body.
    const press = () => fetch(`${c.payment_link}/pay`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" });
    const paid = await press();
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`/checkout/${c.request_id}`);
    const read = qrcodeRead((await api.get(`/v1/pix/qrcodes/${c.reference_code}`)).body).qrcode;
    expect(read).toMatchObject({ status: "paid", payment_date: "2026-11-21T12:02:00.000-03:00" });
    await sb.webhooksIdle();
    expect(received).toHaveLength(1);
    const hook = qrcodeHook(received[0]!.body);
    expect(hook).toMatchObject({ notification_type: "pix_qrcode", message: { reference_code: c.reference_code, status: "paid", value_cents: 7_890 } });
    expect(hook.md5).toBe(createHash("md5").update(`qrcode.${c.reference_code}.${read.end_to_end}.7890.sandbox-secret`).digest("hex"));
    const after = await (await fetch(c.payment_link)).text();
    expect(after).toContain(">Pago<");
    expect(after).toContain("Pagamento recebido em 21/11/2026");
    expect(after).not.toContain("<form");
    const again = await press();
    expect(again.status).toBe(422);
    expect(await again.text()).toContain("Pagamento recusado: Qrcode canceled");
    await sb.webhooksIdle();
    expect(received).toHaveLength(1);
    expect((await fetch(`${sb.url}/checkout/no-such-request/pay`, { method: "POST" })).status).toBe(406);
    expect((await fetch(`${c.payment_link}/pay`)).status).toBe(405);
  });
});
