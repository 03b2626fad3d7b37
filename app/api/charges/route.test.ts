import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, charges } from "@/lib/db/schema";
import { TEST_ENGINES } from "@/lib/db/test-engines";
import { payQrcodeInHomologation } from "@/lib/payments-api";
import { pdfText } from "@/lib/testing/pdf-text";
import { reconcileCharges } from "@/lib/charges/reconcile";
import { addBrazilDays, brazilDayKey } from "@/lib/pix/time";
import { chargeAgingAnswer, chargeAnswer, chargeImportAnswer, chargeListAnswer } from "@/lib/charges/answers";
import { guardRefusal } from "@/lib/testing/guard-refusal";
import { routeStoreFor } from "@/lib/testing/route-suite";
import { sandboxForFile } from "@/lib/payments-api/test-sandbox";

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

const { GET, POST } = await import("./route");
const { GET: GET_ONE } = await import("./[id]/route");
const { POST: WITHDRAW } = await import("./[id]/withdraw/route");
const { GET: PNG } = await import("./[id]/qrcode.png/route");
const { GET: PDF } = await import("./[id]/pdf/route");
const { POST: IMPORT } = await import("./import/route");
const { GET: RECEIPT } = await import("./[id]/receipt/route");
const { GET: AGING } = await import("./aging/route");

const APP = "http://localhost:3000";
const person = (role: string) => ({ id: `u-${role}`, email: `${role}@demo.test`, name: role, role });
const OPERATOR = person("operator");
const VIEWER = person("viewer");
const APPROVER = person("approver");

const jsonRequest = (path: string, body: unknown, locale = "pt-BR") =>
  new Request(`${APP}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: APP, cookie: `NEXT_LOCALE=${locale}` },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const post = (body: unknown, locale?: string) => POST(jsonRequest("/api/charges", body, locale));
const list = (query = "") => GET(new Request(`${APP}/api/charges${query}`, { headers: { cookie: "NEXT_LOCALE=en" } }));
const idParams = (id: string) => ({ params: Promise.resolve({ id }) });

let n = 0;
const body = (overrides: Record<string, unknown> = {}) => ({
  external_reference: `NF-api-${Date.now().toString(36)}-${++n}`,
  value_cents: 25_000,
  payer_name: "Padaria Pão de Açúcar",
  payer_document: "529.982.247-25",
  due_date: brazilDayKey(addBrazilDays(new Date(), 5)),
  ...overrides,
});

const provider = sandboxForFile();

describe.each(TEST_ENGINES)("/api/charges on $name", (engine) => {
  const suite = routeStoreFor(engine);
  beforeEach(() => {
    auth.user = OPERATOR;
  });
  const count = async () => (await suite.store.db.select().from(charges)).length;

  it("an operator creates a charge (201, its declared answer, the copia-e-cola code); the same body again answers it (200)", async () => {
    const b = body();
    const res = await post(b);
    expect(res.status).toBe(201);
    const { charge } = chargeAnswer.parse(await res.json());
    expect(charge).toMatchObject({ state: "awaiting_payment", external_reference: b.external_reference, payer_document: "52998224725", value_cents: 25_000 });
    expect(charge.content).toMatch(/^000201/);
    const again = await post(b);
    expect(again.status).toBe(200);
    expect(chargeAnswer.parse(await again.json()).charge.id).toBe(charge.id);

    const png = await PNG(new Request(`${APP}/api/charges/${charge.id}/qrcode.png`), idParams(charge.id));
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect([...new Uint8Array(await png.arrayBuffer()).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    auth.user = VIEWER;
    const pdf = await PDF(new Request(`${APP}/api/charges/${charge.id}/pdf`), idParams(charge.id));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain(`cobranca_${b.external_reference}.pdf`);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it.each([
    ["a CPF with wrong check digits", { payer_document: "529.982.247-24" }, "payer_document"],
    ["a due date in the past", { due_date: brazilDayKey(addBrazilDays(new Date(), -1)) }, "due_date"],
    ["a day that does not exist", { due_date: "2027-02-30" }, "due_date"],
    ["cents that are not whole", { value_cents: 10.5 }, "value_cents"],
    ["a payer name with a bidi control", { payer_name: "Ana \u202Eevil" }, "payer_name"],
    ["a reference with a NUL byte", { external_reference: "NF\u0000-1" }, "external_reference"],
    ["an e-mail that is not one", { payer_email: "not-an-email" }, "payer_email"],
  ])("refuses %s with a 4xx problem in the caller's language, and makes nothing", async (_what, overrides, field) => {
    const before = await count();
    const calls = provider.sandbox.calls.length;
    const res = await post(body(overrides));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const problem = (await res.json()) as { error: string; fields?: Record<string, string> };
    expect(problem.error).toBeTruthy();
    expect(Object.keys(problem.fields ?? {})).toContain(field);
    expect(await count()).toBe(before);
    expect(provider.sandbox.calls.length).toBe(calls);
  });

  it("answers a refusal in Portuguese by default and in English by choice", async () => {
    const pt = (await (await post(body({ payer_document: "111.111.111-12" }))).json()) as { error: string };
    const en = (await (await post(body({ payer_document: "111.111.111-12" }), "en")).json()) as { error: string };
    expect(pt.error).toMatch(/CPF ou CNPJ/);
    expect(en.error).not.toBe(pt.error);
  });

  it("the same reference with other terms is a 409 and changes nothing", async () => {
    const b = body();
    expect((await post(b)).status).toBe(201);
    const res = await post({ ...b, value_cents: 1 });
    expect(res.status).toBe(409);
    const rows = await suite.store.db.select().from(charges).where(eq(charges.externalReference, b.external_reference));
    expect(rows.map((r) => r.valueCents)).toEqual([25_000]);
  });

  it("answers the aging figures to a viewer: a charge due today counts among due today until it is withdrawn", async () => {
    const aging = async () => {
      const res = await AGING(new Request(`${APP}/api/charges/aging`));
      expect(res.status).toBe(200);
      return chargeAgingAnswer.parse(await res.json()).aging;
    };
    auth.user = VIEWER;
    const before = await aging();
    expect(before.as_of).toBe(brazilDayKey(new Date()));
    auth.user = OPERATOR;
    const { charge } = chargeAnswer.parse(await (await post(body({ value_cents: 4_321, due_date: brazilDayKey(new Date()) }))).json());
    auth.user = VIEWER;
    expect((await aging()).due_today).toEqual({ count: before.due_today.count + 1, value_cents: before.due_today.value_cents + 4_321 });
    auth.user = OPERATOR;
    expect((await WITHDRAW(jsonRequest(`/api/charges/${charge.id}/withdraw`, { reason: "Duplicada" }), idParams(charge.id))).status).toBe(200);
    expect((await aging()).due_today).toEqual(before.due_today);
  });

  it("viewers read but may not create or withdraw; an approver may not create", async () => {
    const b = body();
    const { charge } = chargeAnswer.parse(await (await post(b)).json());
    auth.user = VIEWER;
    expect((await post(body())).status).toBe(403);
    expect((await WITHDRAW(jsonRequest(`/api/charges/${charge.id}/withdraw`, { reason: "x" }), idParams(charge.id))).status).toBe(403);
    const one = await GET_ONE(new Request(`${APP}/api/charges/${charge.id}`), idParams(charge.id));
    expect(one.status).toBe(200);
    expect(chargeAnswer.parse(await one.json()).charge.events.map((e) => e.to_state)).toEqual(["creating", "awaiting_payment"]);
    auth.user = APPROVER;
    expect((await post(body())).status).toBe(403);
  });

  it("an operator withdraws a charge (audited); twice is a 409; an unknown id is a 404", async () => {
    const { charge } = chargeAnswer.parse(await (await post(body())).json());
    const res = await WITHDRAW(jsonRequest(`/api/charges/${charge.id}/withdraw`, { reason: "Pago por boleto" }), idParams(charge.id));
    expect(res.status).toBe(200);
    expect(chargeAnswer.parse(await res.json()).charge).toMatchObject({ state: "withdrawn", withdrawn: { by: OPERATOR.email, reason: "Pago por boleto" } });
    expect(await suite.store.db.select().from(auditLog).where(eq(auditLog.target, charge.id))).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: "charge.withdraw", actorEmail: OPERATOR.email })]),
    );
    expect((await WITHDRAW(jsonRequest(`/api/charges/${charge.id}/withdraw`, { reason: "again" }), idParams(charge.id))).status).toBe(409);
    expect((await WITHDRAW(jsonRequest(`/api/charges/${charge.id}/withdraw`, { reason: "" }), idParams(charge.id))).status).toBe(422);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await GET_ONE(new Request(`${APP}/api/charges/${unknown}`), idParams(unknown))).status).toBe(404);
    expect((await GET_ONE(new Request(`${APP}/api/charges/nope`), idParams("nope"))).status).toBe(400);
  });

  it("lists with filters in the URL, the totals being those of everything that matches", async () => {
    const tag = `Filtro ${Date.now().toString(36)}`;
    await post(body({ payer_name: `${tag} Um`, value_cents: 1_000 }));
    await post(body({ payer_name: `${tag} Dois`, value_cents: 2_500 }));
    await post(body({ payer_name: `${tag} Três`, value_cents: 9_000 }));
    const res = await list(`?payer=${encodeURIComponent(tag.toLowerCase())}&max_cents=5000`);
    expect(res.status).toBe(200);
    const page = chargeListAnswer.parse(await res.json());
    expect(page.meta).toMatchObject({ total: 2, total_value_cents: 3_500, paid_value_cents: 0 });
    expect(page.charges.map((c) => c.value_cents).sort()).toEqual([1_000, 2_500]);
    const bad = await list("?state=lost&due_from=2026-13-01");
    expect(bad.status).toBe(400);
  });

  it("imports a CSV in the batch files' dialect: good rows made, bad ones listed by line and never made; the same file again makes nothing twice", async () => {
    const tag = Date.now().toString(36);
    const due = brazilDayKey(addBrazilDays(new Date(), 7)).split("-").reverse().join("/");
    const csv = [
      "payer_name;payer_document;value;due_date;description;external_reference;payer_email",
      `Ana Souza;529.982.247-25;1.234,56;${due};Fatura 1;IMP-${tag}-1;ana@exemplo.com.br`,
      `Bruno Lima;529.982.247-24;10,00;${due};CPF errado;IMP-${tag}-2;`,
      `Carla Dias;11.444.777/0001-61;dez reais;${due};Valor ilegível;IMP-${tag}-3;`,
      "",
      `Davi Rocha;11.444.777/0001-61;99,90;${due};;IMP-${tag}-4;`,
    ].join("\r\n");
    const send = () => IMPORT(new Request(`${APP}/api/charges/import`, { method: "POST", headers: { "content-type": "text/csv", origin: APP, cookie: "NEXT_LOCALE=pt-BR" }, body: csv }));
    const res = await send();
    expect(res.status).toBe(200);
    const answer = chargeImportAnswer.parse(await res.json());
    expect(answer.created).toBe(2);
    expect(answer.charges.map((c) => [c.external_reference, c.value_cents, c.state])).toEqual([
      [`IMP-${tag}-1`, 123_456, "awaiting_payment"],
      [`IMP-${tag}-4`, 9_990, "awaiting_payment"],
    ]);
    expect(answer.errors.map((e) => e.line)).toEqual([3, 4]);
    expect(answer.errors[0]?.reason).toMatch(/CPF ou CNPJ/);
    const made = await suite.store.db.select().from(charges);
    expect(made.filter((c) => c.externalReference.startsWith(`IMP-${tag}-`)).map((c) => c.externalReference).sort()).toEqual([`IMP-${tag}-1`, `IMP-${tag}-4`]);

    const again = chargeImportAnswer.parse(await (await send()).json());
    expect(again.created).toBe(0);
    expect(again.charges.map((c) => c.id)).toEqual(answer.charges.map((c) => c.id));

    const noHeader = await IMPORT(new Request(`${APP}/api/charges/import`, { method: "POST", headers: { "content-type": "text/csv", origin: APP }, body: "nome;cpf\nAna;1" }));
    expect(noHeader.status).toBe(422);
    auth.user = VIEWER;
    expect((await send()).status).toBe(403);
  });

  it("the receipt: 409 while unpaid, the comprovante once the payer paid (customer to company)", async () => {
    const { charge } = chargeAnswer.parse(await (await post(body({ payer_name: "Loja Três Irmãos" }))).json());
    const receipt = () => RECEIPT(new Request(`${APP}/api/charges/${charge.id}/receipt`, { headers: { cookie: "NEXT_LOCALE=pt-BR" } }), idParams(charge.id));
    const early = await receipt();
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: string }).error).toMatch(/não foi paga/);
    await payQrcodeInHomologation(charge.reference_code!);
    await reconcileCharges(suite.store.db, new Date(Date.now() + 120_000), 500);
    const res = await receipt();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const text = pdfText(new Uint8Array(await res.arrayBuffer())).replace(/\s+/g, " ");
    expect(text).toContain("R$ 250,00");
    expect(text).toContain("Empresa Demonstração Ltda");
    expect(text).toContain(charge.external_reference);
    // The payer's bank paid our QR code: the receipt says so, never "bank data typed in".
    expect(text).toContain("Forma de envio Por QR code");
    expect(text).not.toContain("dados bancários");
  });
});
