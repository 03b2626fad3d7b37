import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startTestSmtp, type TestSmtp } from "@/lib/alerts/testing";
import { chargeAnswer } from "@/lib/charges/answers";
import { CHARGE_QR_CID } from "@/lib/charges/mail";
import { auditLog, chargeEvents } from "@/lib/db/schema";
import { TEST_ENGINES } from "@/lib/db/test-engines";
import { resetEnvForTests } from "@/lib/env";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { addBrazilDays, brazilDayKey } from "@/lib/pix/time";
import { pdfText } from "@/lib/testing/pdf-text";
import { guardRefusal } from "@/lib/testing/guard-refusal";
import { routeStoreFor } from "@/lib/testing/route-suite";

const auth = vi.hoisted(() => ({ user: null as null | { id: string; email: string; name: string; role: string } }));
vi.mock("@/lib/auth/guard", async () => {
  const { can } = await import("@/lib/auth/roles");
  return {
    requireApiUser: vi.fn(async (_request: Request, permission: string) => {
      const user = auth.user;
      if (!user) return { response: guardRefusal(401, "sign in") };
      return can(user.role as never, permission as never) ? { user } : { response: guardRefusal(403, "forbidden") };
    }),
  };
});

const { POST: CREATE } = await import("./route");
const { POST: SEND } = await import("./[id]/send/route");
const { POST: WITHDRAW } = await import("./[id]/withdraw/route");

const APP = "http://localhost:3000";
const person = (role: string) => ({ id: `u-${role}`, email: `${role}@demo.test`, name: role, role });
const OPERATOR = person("operator");
const VIEWER = person("viewer");
const PAYER = "financeiro@padaria.example";

const jsonRequest = (path: string, body: unknown, locale = "pt-BR") =>
  new Request(`${APP}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: APP, cookie: `NEXT_LOCALE=${locale}` },
    body: JSON.stringify(body),
  });
const idParams = (id: string) => ({ params: Promise.resolve({ id }) });
const send = (id: string, body: unknown = {}, locale?: string) => SEND(jsonRequest(`/api/charges/${id}/send`, body, locale), idParams(id));

let n = 0;
const dueDate = brazilDayKey(addBrazilDays(new Date(), 5));
async function makeCharge(overrides: Record<string, unknown> = {}) {
  const res = await CREATE(
    jsonRequest("/api/charges", {
      external_reference: `NF-mail-${Date.now().toString(36)}-${++n}`,
      value_cents: 123_456,
      payer_name: "Padaria <b>Pão</b> & Cia",
      payer_document: "529.982.247-25",
      payer_email: PAYER,
      description: "Fatura de novembro",
      due_date: dueDate,
      ...overrides,
    }),
  );
  expect(res.status).toBe(201);
  return chargeAnswer.parse(await res.json()).charge;
}

let sandbox: TestSandbox;
let smtp: TestSmtp;
const saved = { SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM, MAIL_CATCHER: process.env.MAIL_CATCHER };
beforeAll(async () => {
  sandbox = await startTestSandbox({ autoClock: false });
  smtp = await startTestSmtp();
  Object.assign(process.env, {
    COMPANY_NAME: "Empresa Demonstração Ltda",
    COMPANY_DOCUMENT: "11.222.333/0001-81",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Cobranças <cobranca@empresa.example>",
  });
  delete process.env.MAIL_CATCHER;
  resetEnvForTests();
});
afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvForTests();
  await smtp.close();
  await sandbox.close();
});

describe.each(TEST_ENGINES)("POST /api/charges/{id}/send on $name", (engine) => {
  const suite = routeStoreFor(engine);
  beforeEach(() => {
    auth.user = OPERATOR;
  });
  const sendAudits = async (id: string) => suite.store.db.select().from(auditLog).where(and(eq(auditLog.target, id), eq(auditLog.action, "charge.send")));

  it("e-mails the charge to the payer in Portuguese: amount, due date, the code, the QR image inline (cid) and the PDF attached; audited and on the timeline", async () => {
    const charge = await makeCharge();
    const before = smtp.received.length;
    const res = await send(charge.id);
    expect(res.status).toBe(200);
    const answered = chargeAnswer.parse(await res.json()).charge;
    expect(answered.events.at(-1)).toMatchObject({ from_state: "awaiting_payment", to_state: "awaiting_payment", actor_email: OPERATOR.email, note: { key: "charges.events.sent", values: { to: PAYER } } });

    const mail = (await smtp.waitFor(before + 1))[before]!;
    expect(mail.to).toEqual([PAYER]);
    expect(mail.subject).toBe(`Cobrança Pix de Empresa Demonstração Ltda: R$\u00a01.234,56, vencimento ${dueDate.split("-").reverse().join("/")}`);
    expect(mail.text).toContain("Olá, Padaria <b>Pão</b> & Cia.");
    expect(mail.text).toContain(charge.content!);
    // The payer's name is text in the HTML part, never markup.
    expect(mail.html).toContain("Padaria &lt;b&gt;Pão&lt;/b&gt; &amp; Cia");
    expect(mail.html).toContain(`src="cid:${CHARGE_QR_CID}"`);

    const qr = mail.attachments.find((a) => a.mimeType === "image/png")!;
    expect(qr).toMatchObject({ disposition: "inline", contentId: `<${CHARGE_QR_CID}>` });
    expect([...qr.content.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const pdf = mail.attachments.find((a) => a.mimeType === "application/pdf")!;
    expect(pdf).toMatchObject({ disposition: "attachment", filename: `cobranca_${charge.external_reference}.pdf` });
    const pdfWords = pdfText(pdf.content);
    expect(pdfWords).toContain("Cobrança Pix");
    expect(pdfWords).toContain(charge.external_reference);

    expect(await sendAudits(charge.id)).toEqual([expect.objectContaining({ outcome: "success", actorEmail: OPERATOR.email })]);
  });

  it("writes in English when the payer's language is English", async () => {
    const charge = await makeCharge();
    const before = smtp.received.length;
    expect((await send(charge.id, { locale: "en" })).status).toBe(200);
    const mail = (await smtp.waitFor(before + 1))[before]!;
    expect(mail.subject).toMatch(/^Pix charge from Empresa Demonstração Ltda: R\$/);
    expect(mail.text).toContain("Hello, Padaria");
    expect(mail.attachments.find((a) => a.mimeType === "application/pdf")?.filename).toMatch(/^charge_/);
  });

  it("refuses (409) a charge with no payer e-mail or not awaiting payment, sends nothing and changes nothing", async () => {
    const noEmail = await makeCharge({ payer_email: undefined });
    const before = smtp.received.length;
    const res = await send(noEmail.id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe("Esta cobrança não tem e-mail do pagador");

    const withdrawn = await makeCharge();
    expect((await WITHDRAW(jsonRequest(`/api/charges/${withdrawn.id}/withdraw`, { reason: "Pago por boleto" }), idParams(withdrawn.id))).status).toBe(200);
    const refused = await send(withdrawn.id, {}, "en");
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe("Only a charge awaiting payment can be sent");

    expect(smtp.received.length).toBe(before);
    expect(await sendAudits(noEmail.id)).toEqual([]);
    expect(await sendAudits(withdrawn.id)).toEqual([]);
  });

  it("a viewer may not send; a language it does not know or an unknown field is a 422; an unknown charge is a 404", async () => {
    const charge = await makeCharge();
    const before = smtp.received.length;
    auth.user = VIEWER;
    expect((await send(charge.id)).status).toBe(403);
    auth.user = OPERATOR;
    expect((await send(charge.id, { locale: "fr" })).status).toBe(422);
    expect((await send(charge.id, { to: "attacker@evil.example" })).status).toBe(422);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await send(unknown)).status).toBe(404);
    expect(smtp.received.length).toBe(before);
  });

  it("a mail server that is down: 502, nothing on the timeline, the failure audited", async () => {
    const charge = await makeCharge();
    await smtp.down();
    try {
      const res = await send(charge.id);
      expect(res.status).toBe(502);
    } finally {
      await smtp.up();
    }
    const audits = await sendAudits(charge.id);
    expect(audits).toEqual([expect.objectContaining({ outcome: "failure" })]);
    const events = await suite.store.db.select().from(chargeEvents).where(eq(chargeEvents.chargeId, charge.id));
    expect(events.map((e) => e.toState)).toEqual(["creating", "awaiting_payment"]);
  });
});
