import { describe, expect, it, vi } from "vitest";
import { charges } from "@/lib/db/schema";
import { TEST_ENGINES } from "@/lib/db/test-engines";
import { chargeAnswer, chargeImportAnswer, chargeImportPreviewAnswer } from "@/lib/charges/answers";
import { addBrazilDays, brazilDayKey } from "@/lib/pix/time";
import { routeStoreFor } from "@/lib/testing/route-suite";
import { sandboxForFile } from "@/lib/payments-api/test-sandbox";

const auth = vi.hoisted(() => ({ role: "operator" }));
vi.mock("@/lib/auth/guard", async () => (await import("@/lib/testing/guard-refusal")).guardAsRole(auth));


const { POST } = await import("./route");
const { POST: IMPORT } = await import("./import/route");
const { POST: PREVIEW } = await import("./import/preview/route");

const APP = "http://localhost:3000";
const upload = (handler: typeof PREVIEW, csv: string, locale = "pt-BR") =>
  handler(new Request(`${APP}/api/charges/import`, { method: "POST", headers: { "content-type": "text/csv", origin: APP, cookie: `NEXT_LOCALE=${locale}` }, body: csv }));

const provider = sandboxForFile();

describe.each(TEST_ENGINES)("POST /api/charges/import/preview on $name", (engine) => {
  const suite = routeStoreFor(engine);

  it("checks every row as the import would, totals what it would make, makes nothing; the import of the same file then does just that", async () => {
    auth.role = "operator";
    const tag = `${engine.name}-${Date.now().toString(36)}`;
    const dueIso = brazilDayKey(addBrazilDays(new Date(), 7));
    const due = dueIso.split("-").reverse().join("/");
    // A charge made before, by hand: the file names it again with the same terms (line 7) and with others (line 8).
    const made = await POST(
      new Request(`${APP}/api/charges`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: APP },
        body: JSON.stringify({ external_reference: `PRE-${tag}-old`, value_cents: 5_000, payer_name: "Eva Nunes", payer_document: "529.982.247-25", due_date: dueIso }),
      }),
    );
    const old = chargeAnswer.parse(await made.json()).charge;
    const csv = [
      "payer_name;payer_document;value;due_date;description;external_reference;payer_email",
      `Ana Souza;529.982.247-25;1.234,56;${due};Fatura 1;PRE-${tag}-1;ana@exemplo.com.br`,
      `Bruno Lima;529.982.247-24;10,00;${due};CPF errado;PRE-${tag}-2;`,
      `Carla Dias;11.444.777/0001-61;dez reais;${due};Valor ilegível;PRE-${tag}-3;`,
      `Davi Rocha;11.444.777/0001-61;99,90;${due};;PRE-${tag}-4;`,
      `Ana Souza;529.982.247-25;1.234,56;${due};Fatura 1 de novo;PRE-${tag}-1;`,
      `Eva Nunes;529.982.247-25;50,00;${due};;PRE-${tag}-old;`,
      `Eva Nunes;529.982.247-25;51,00;${due};;PRE-${tag}-old;`,
      `Fábio Reis;11.444.777/0001-61;20,00;${due};Outro valor;PRE-${tag}-4;`,
      `Gil \u202Eevil;11.444.777/0001-61;30,00;${due};;PRE-${tag}-5;`,
    ].join("\r\n");
    const before = (await suite.store.db.select().from(charges)).length;
    const calls = provider.sandbox.calls.length;

    const res = await upload(PREVIEW, csv);
    expect(res.status).toBe(200);
    const preview = chargeImportPreviewAnswer.parse(await res.json());
    expect(preview.rows.map((r) => [r.line, r.status])).toEqual([
      [2, "new"],
      [3, "invalid"],
      [4, "invalid"],
      [5, "new"],
      [6, "repeated"],
      [7, "existing"],
      [8, "invalid"],
      [9, "invalid"],
      [10, "invalid"],
    ]);
    const row = (line: number) => preview.rows.find((r) => r.line === line)!;
    expect(row(2)).toMatchObject({ payer_name: "Ana Souza", payer_document: "52998224725", value_cents: 123_456, due_date: dueIso, reason: null });
    expect(row(3).reason).toMatch(/CPF ou CNPJ/);
    // A bad row shows what was typed beside the reason.
    expect(row(4)).toMatchObject({ value_cents: null, value_text: "dez reais", payer_name: "Carla Dias" });
    expect(row(4).reason).toMatch(/Valor ilegível/);
    expect(row(6).repeat_of).toBe(2);
    expect(row(7).charge_id).toBe(old.id);
    expect(row(8).reason).toMatch(/outros dados/);
    expect(row(9).reason).toMatch(/outros dados/);
    // A name with a direction control is refused, and shown without it (never reversed on screen).
    expect(row(10)).toMatchObject({ payer_name: "Gil evil", value_cents: null, value_text: "30,00" });
    expect(row(10).reason).toBeTruthy();
    expect(preview.totals).toEqual({
      new: { count: 2, value_cents: 123_456 + 9_990 },
      existing: { count: 1, value_cents: 5_000 },
      repeated: { count: 1, value_cents: 123_456 },
      invalid: { count: 5 },
    });
    expect((await suite.store.db.select().from(charges)).length).toBe(before);
    expect(provider.sandbox.calls.length).toBe(calls);

    // English on request: the same lines, the reasons in English.
    const en = chargeImportPreviewAnswer.parse(await (await upload(PREVIEW, csv, "en")).json());
    expect(en.rows.map((r) => r.status)).toEqual(preview.rows.map((r) => r.status));
    expect(en.rows.find((r) => r.line === 3)!.reason).not.toBe(row(3).reason);

    // The confirmation: what the preview said would be made, and the same lines refused.
    const done = chargeImportAnswer.parse(await (await upload(IMPORT, csv)).json());
    expect(done.created).toBe(preview.totals.new.count);
    expect(done.errors.map((e) => e.line)).toEqual(preview.rows.filter((r) => r.status === "invalid").map((r) => r.line));
    expect((await suite.store.db.select().from(charges)).length).toBe(before + 2);
  });

  it("refuses a file it cannot read (422, in the caller's language) and anyone who may not import (403)", async () => {
    auth.role = "operator";
    const noHeader = await upload(PREVIEW, "nome;cpf\nAna;1");
    expect(noHeader.status).toBe(422);
    expect(((await noHeader.json()) as { error: string }).error).toBeTruthy();
    expect((await upload(PREVIEW, "")).status).toBe(400);
    auth.role = "viewer";
    expect((await upload(PREVIEW, "payer_name;payer_document;value;due_date;external_reference\n")).status).toBe(403);
  });
});
